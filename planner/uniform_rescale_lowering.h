// The requantization add_n and cumsum share, as TensorFlow Lite Micro prepares them: every summand
// has one scale and zero point, is offset, shifted left by 20 and rescaled by one multiplier, and
// each sum is requantized to the output (all in double, from the float scales). Their options
// tables name these fields alike; the runtime derives the offsets from the tensors. Host-only;
// errors as planner/lowering.h.
#pragma once

#include "planner/lowering.h"

namespace arenastore::planner {

struct UniformRescale {
  int32_t left_shift;
  int32_t input_multiplier, input_shift, output_multiplier, output_shift;
  int32_t activation_min, activation_max;
};

// Fails unless both multipliers are below one.
Result<UniformRescale> UniformRescaleOf(const Lowering& l, const Tensor& summand,
                                        const Tensor& output);

template <typename Options>
Status LowerUniformRescale(const Lowering& l, const Tensor& summand, const Tensor& output,
                           Options* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const UniformRescale r, UniformRescaleOf(l, summand, output));
  p->left_shift = r.left_shift;
  p->input_multiplier = r.input_multiplier;
  p->input_shift = r.input_shift;
  p->output_multiplier = r.output_multiplier;
  p->output_shift = r.output_shift;
  p->activation_min = r.activation_min;
  p->activation_max = r.activation_max;
  return Status::Ok();
}

}  // namespace arenastore::planner
