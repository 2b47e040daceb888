// The 16x8 ref kernels (int16 activations, int8 weights): TensorFlow Lite requantizes an int64
// accumulator with its 64-bit MultiplyByQuantizedMultiplier (16-bit multiplier, one rounding)
// and an int32 one with the 32-bit form (two roundings), so which one a kernel runs is visible
// in its output; and each int16 row declares TensorFlow Lite Micro's scratch.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/fixed_point64.h"
#include "ops/batch_matmul/ref.h"
#include "ops/conv2d/ref.h"
#include "ops/depthwise_conv2d/ref.h"
#include "ops/fully_connected/ref.h"
#include "ops/transpose_conv2d/ref.h"

namespace arenastore::kernels::ref {
namespace {

// 1004 * 0.70710678 / 4: the 32-bit form rounds to 178, the 64-bit one (multiplier rounded to
// 23170 / 2^15) to 177.
constexpr int16_t kInput = 1004;
constexpr int32_t kMultiplier = 1518500250, kShift = -2;
constexpr int16_t kRoundedIn32Bits = 178, kRoundedIn64Bits = 177;

TEST(MultiplyByQuantizedMultiplier64, RoundsTheMultiplierTo16BitsThenShiftsOnce) {
  EXPECT_EQ(MultiplyByQuantizedMultiplier(kInput, kMultiplier, kShift), kRoundedIn32Bits);
  EXPECT_EQ(MultiplyByQuantizedMultiplier64(kInput, kMultiplier, kShift), kRoundedIn64Bits);
  EXPECT_EQ(MultiplyByQuantizedMultiplier64(-kInput, kMultiplier, kShift), -kRoundedIn64Bits);
}

TEST(MultiplyByQuantizedMultiplier64, WrapsAHostileAccumulatorInsteadOfOverflowing) {
  (void)MultiplyByQuantizedMultiplier64(INT64_MAX, INT32_MAX, 30);
  (void)MultiplyByQuantizedMultiplier64(INT64_MIN, INT32_MAX, -31);
}

// A 1x1 conv of one int16 pixel through weight 1: the output is the requantized input.
Conv2dParams OnePixelConv(bool int64_accumulator) {
  static const int32_t multiplier = kMultiplier, shift = kShift;
  Conv2dParams p{};
  p.batches = p.input_h = p.input_w = p.input_c = 1;
  p.filter_h = p.filter_w = p.output_h = p.output_w = p.output_c = p.groups = 1;
  p.stride_h = p.stride_w = p.dilation_h = p.dilation_w = 1;
  p.activation_min = INT16_MIN;
  p.activation_max = INT16_MAX;
  p.requant = {&multiplier, &shift, 1};
  p.int64_accumulator = int64_accumulator;
  return p;
}

TEST(Conv2dInt16, AccumulatesInTheBiasTypeAsTensorFlowLiteDoes) {
  const int8_t weight = 1;
  const int64_t bias64 = 0;
  const int32_t bias32 = 0;
  int16_t out = 0;
  ASSERT_TRUE(Conv2dInt16(OnePixelConv(true), &kInput, &weight, &bias64, &out, {}).ok());
  EXPECT_EQ(out, kRoundedIn64Bits);
  ASSERT_TRUE(Conv2dInt16(OnePixelConv(false), &kInput, &weight, &bias32, &out, {}).ok());
  EXPECT_EQ(out, kRoundedIn32Bits);
  ASSERT_TRUE(Conv2dInt16(OnePixelConv(false), &kInput, &weight, nullptr, &out, {}).ok());
  EXPECT_EQ(out, kRoundedIn32Bits) << "no bias: TensorFlow Lite's int32 path";
}

TEST(Conv2dInt16, RefusesAnInt16ZeroPoint) {
  Conv2dParams p = OnePixelConv(true);
  p.input_zero_point = 1;
  const int8_t weight = 1;
  int16_t out = 0;
  EXPECT_EQ(Conv2dInt16(p, &kInput, &weight, nullptr, &out, {}).code(),
            ErrorCode::kKernelInvalidParams);
}

TEST(FullyConnectedInt16, AccumulatesInTheBiasTypeAsTensorFlowLiteDoes) {
  const int32_t multiplier = kMultiplier, shift = kShift;
  FullyConnectedParams p{};
  p.batches = p.input_depth = p.output_depth = 1;
  p.activation_min = INT16_MIN;
  p.activation_max = INT16_MAX;
  p.requant = {&multiplier, &shift, 1};
  const int8_t weight = 1;
  const int64_t bias64 = 0;
  int16_t out = 0;
  p.int64_accumulator = true;
  ASSERT_TRUE(FullyConnectedInt16(p, &kInput, &weight, &bias64, &out, {}).ok());
  EXPECT_EQ(out, kRoundedIn64Bits);
  p.int64_accumulator = false;
  ASSERT_TRUE(FullyConnectedInt16(p, &kInput, &weight, nullptr, &out, {}).ok());
  EXPECT_EQ(out, kRoundedIn32Bits);
}

TEST(DepthwiseConv2dInt16, AccumulatesInInt64EvenWithoutABias) {
  const int32_t multiplier = kMultiplier, shift = kShift;
  DepthwiseConv2dParams p{};
  p.batches = p.input_h = p.input_w = p.input_c = p.depth_multiplier = 1;
  p.filter_h = p.filter_w = p.output_h = p.output_w = p.output_c = 1;
  p.stride_h = p.stride_w = p.dilation_h = p.dilation_w = 1;
  p.activation_min = INT16_MIN;
  p.activation_max = INT16_MAX;
  p.requant = {&multiplier, &shift, 1};
  const int8_t weight = 1;
  int16_t out = 0;
  ASSERT_TRUE(DepthwiseConv2dInt16(p, &kInput, &weight, nullptr, &out, {}).ok());
  EXPECT_EQ(out, kRoundedIn64Bits);
}

TEST(BatchMatmulInt16, AccumulatesInInt64) {
  BatchMatmulParams p{};
  for (int i = 0; i < 3; ++i) p.lhs_batch[i] = p.rhs_batch[i] = 1;
  p.rows = p.accum_depth = p.cols = 1;
  p.activation_min = INT16_MIN;
  p.activation_max = INT16_MAX;
  p.output_multiplier = kMultiplier;
  p.output_shift = kShift;
  const int16_t one = 1;
  int16_t out = 0;
  ASSERT_TRUE(BatchMatmulInt16(p, &kInput, &one, &out, {}).ok());
  EXPECT_EQ(out, kRoundedIn64Bits);
}

TEST(TransposeConv2dInt16, DeclaresTheInt64AccumulatorsOfEveryBatchAsTensorFlowLiteMicro) {
  TransposeConv2dParams p{};
  p.batches = 2;
  p.output_h = 15;
  p.output_w = 9;
  p.output_c = 7;
  // transpose_conv_int16_01: TFLM's scratch is its head bytes less its planned tensors.
  EXPECT_EQ(TransposeConv2dInt16ScratchBytes(p), size_t{19808 - 4688});
  EXPECT_EQ(TransposeConv2dScratchBytes(p), size_t{4} * 15 * 9 * 7) << "int8: one batch";
}

TEST(TransposeConv2dInt16, SumsEachBatchInItsOwnAccumulators) {
  const int32_t multiplier = 1 << 30, shift = 1;  // x1
  TransposeConv2dParams p{};
  p.batches = 2;
  p.input_h = p.input_w = p.input_c = 1;
  p.filter_h = p.filter_w = 1;
  p.output_h = p.output_w = p.output_c = 1;
  p.stride_h = p.stride_w = 1;
  p.activation_min = INT16_MIN;
  p.activation_max = INT16_MAX;
  p.requant = {&multiplier, &shift, 1};
  const int16_t input[2] = {300, -7};
  const int8_t weight = 3;
  const int64_t bias = 5;
  int16_t out[2] = {};
  std::vector<int64_t> scratch(2);
  ASSERT_TRUE(TransposeConv2dInt16(p, input, &weight, &bias, out,
                                   {reinterpret_cast<uint8_t*>(scratch.data()), 16})
                  .ok());
  EXPECT_EQ(out[0], 905);
  EXPECT_EQ(out[1], -16);
}

}  // namespace
}  // namespace arenastore::kernels::ref
