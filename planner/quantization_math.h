// Host-side derivation of the fixed-point parameters the int8 kernels take, from float scales,
// exactly as TensorFlow Lite derives them at prepare time (so outputs stay bit-exact), and the
// output-size/padding arithmetic of its SAME/VALID convention.
// Called by the lowering (planner/lower_op.cc). Pure functions; heap-free; no errors: callers
// validate scales (> 0, finite) first.
#pragma once

#include <cstdint>

#include "planner/graph.h"

namespace arenastore::planner {

struct FixedPointMultiplier {
  int32_t multiplier;  // in [2^30, 2^31) or 0
  int32_t shift;       // real = multiplier * 2^(shift - 31)
};

// TensorFlow Lite's QuantizeMultiplier: frexp, round the significand to Q31, renormalize.
FixedPointMultiplier QuantizeMultiplier(double real_multiplier);

// The int8 clamp range [min, max] that realizes `activation` on an output with this scale and
// zero point, as TensorFlow Lite's CalculateActivationRangeQuantized.
struct ActivationRange {
  int32_t min;
  int32_t max;
};
// `type` kInt16: the int16 range instead (16x8 ops).
ActivationRange QuantizedActivationRange(Activation activation, float scale, int32_t zero_point,
                                         DataType type = DataType::kInt8);

// Output size along one dimension for SAME/VALID padding with stride and dilation.
int32_t ConvOutputSize(Padding padding, int32_t input_size, int32_t filter_size, int32_t stride,
                       int32_t dilation);

// Padding before the data along one dimension (TensorFlow Lite puts the odd pixel after).
int32_t ConvPaddingBefore(int32_t input_size, int32_t filter_size, int32_t stride, int32_t dilation,
                          int32_t output_size);

// Softmax's fixed-point input scaling (TensorFlow Lite's PreprocessSoftmaxScaling and
// CalculateInputRadius with 5 integer bits).
struct SoftmaxScaling {
  int32_t input_multiplier;
  int32_t input_left_shift;
  int32_t diff_min;
};
SoftmaxScaling ComputeSoftmaxScaling(float beta, float input_scale);

}  // namespace arenastore::planner
