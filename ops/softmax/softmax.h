// softmax: int8 softmax over the last dimension, TensorFlow Lite's fixed-point exp and
// reciprocal, to an int8 output (scale 1/256, zero point -128) or an int16 one (scale 1/65536,
// zero point -32768).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in softmax.cc; the kernels in
// this folder (ref.h, x86_avx512vnni.h). Freestanding, allocation-free.
#pragma once

#include "kernels/element_type.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// int8 softmax as TensorFlow Lite: output scale 1/2^bits, output zero point -2^(bits-1).
struct SoftmaxParams {
  int32_t outer_size;  // rows
  int32_t depth;       // softmax runs over the last dimension
  int32_t input_multiplier, input_left_shift;
  int32_t diff_min;
  ElementType output_type;  // int8 or int16
};

inline constexpr OpArity kSoftmaxArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(SoftmaxParams, 24);

Status CheckSoftmaxParams(const SoftmaxParams& params, const char* kernel);

}  // namespace arenastore::kernels
