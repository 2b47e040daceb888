// svdf: TensorFlow Lite's SVDF (singular value decomposition filter), a recurrent layer that
// keeps the last `memory` feature activations of every filter in a variable tensor (its state)
// and sums their product with time weights into `units` outputs. int8 input and output; the
// state and time weights are int8 or int16. Its params (lowered by the planner and the
// runtime, read by ref.h) and the check every variant runs before trusting them.
// Freestanding, allocation-free.
#pragma once

#include "kernels/element_type.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// Operands, in this order: input [batches, input_size] int8; weights_feature [filters,
// input_size] int8; weights_time [filters, memory] of state_type; state [batches, filters *
// memory] of state_type (a variable: read and rewritten in place); bias [units] int32 or absent.
struct SvdfParams {
  int32_t batches, input_size, filters, rank, memory;  // units = filters / rank
  ElementType state_type;                              // kInt8 or kInt16 (weights_time too)
  int32_t input_zero_point, state_zero_point, output_zero_point;
  // input * weights_feature -> state scale, and state * weights_time -> output scale.
  int32_t feature_multiplier, feature_shift;
  int32_t time_multiplier, time_shift;
};

inline constexpr OpArity kSvdfArity = {4, 5, true};
ARENASTORE_CORTEX_M_BYTES(SvdfParams, 52);

inline constexpr int32_t SvdfUnits(const SvdfParams& p) {
  return p.rank > 0 ? p.filters / p.rank : 0;
}

Status CheckSvdfParams(const SvdfParams& params, const char* kernel);

}  // namespace arenastore::kernels
