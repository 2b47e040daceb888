// The runtime side of the requantization add_n and cumsum share (planner/
// uniform_rescale_lowering.h): the options' left shift, multipliers and activation range and the
// operands' zero points, read and checked into the params fields both name alike. Used only by
// those units' *_runtime.cc. Freestanding, never allocates; a bad field fails the OpChecker.
#pragma once

#include "runtime/op_checker.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

struct UniformRescale {
  int32_t input_offset, output_offset, left_shift;
  int32_t input_multiplier, input_shift, output_multiplier, output_shift;
  int32_t activation_min, activation_max;
};

// False unless the left shift lies in [0, 22], both multipliers are valid and below one, and the
// activation range is not empty.
StatusRef CheckUniformRescale(const OpChecker& c, const UniformRescale& r);

// `Options`: an options table with the fields below; `Params`: kernel params naming them alike.
template <typename Options, typename Params>
StatusRef LowerUniformRescale(const OpChecker& c, const Options& o, const schema::Tensor& summand,
                              Params* p) {
  const UniformRescale r = {-ZeroPoint(summand),  ZeroPoint(c.Output()), o.left_shift(),
                            o.input_multiplier(), o.input_shift(),       o.output_multiplier(),
                            o.output_shift(),     o.activation_min(),    o.activation_max()};
  ARENASTORE_RETURN_IF_FAILED(CheckUniformRescale(c, r));
  p->input_offset = r.input_offset;
  p->output_offset = r.output_offset;
  p->left_shift = r.left_shift;
  p->input_multiplier = r.input_multiplier;
  p->input_shift = r.input_shift;
  p->output_multiplier = r.output_multiplier;
  p->output_shift = r.output_shift;
  p->activation_min = r.activation_min;
  p->activation_max = r.activation_max;
  return StatusRef::Ok();
}

}  // namespace arenastore::runtime
