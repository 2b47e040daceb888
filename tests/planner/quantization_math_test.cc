#include "planner/quantization_math.h"

#include <gtest/gtest.h>

namespace arenastore::planner {
namespace {

TEST(QuantizeMultiplier, NormalizesSignificandIntoQ31) {
  EXPECT_EQ(QuantizeMultiplier(0.5).multiplier, 1 << 30);
  EXPECT_EQ(QuantizeMultiplier(0.5).shift, 0);
  EXPECT_EQ(QuantizeMultiplier(1.0).multiplier, 1 << 30);
  EXPECT_EQ(QuantizeMultiplier(1.0).shift, 1);
  EXPECT_EQ(QuantizeMultiplier(0.75).multiplier, 1610612736);
  EXPECT_EQ(QuantizeMultiplier(0.75).shift, 0);
  EXPECT_EQ(QuantizeMultiplier(0.001).shift, -9);  // 0.001 = 0.512 * 2^-9
  EXPECT_EQ(QuantizeMultiplier(0.001).multiplier, 1099511628);
}

TEST(QuantizeMultiplier, RoundingUpToTwoToThe31RenormalizesInsteadOfOverflowing) {
  // A significand within half an ulp of 1.0 rounds to 2^31: TensorFlow Lite halves it.
  const FixedPointMultiplier fixed = QuantizeMultiplier(0.99999999999);
  EXPECT_EQ(fixed.multiplier, 1 << 30);
  EXPECT_EQ(fixed.shift, 1);
}

TEST(QuantizeMultiplier, ZeroAndTinyValuesBecomeZero) {
  EXPECT_EQ(QuantizeMultiplier(0.0).multiplier, 0);
  EXPECT_EQ(QuantizeMultiplier(1e-12).multiplier, 0);
  EXPECT_EQ(QuantizeMultiplier(1e-12).shift, 0);
}

TEST(ActivationRange, MatchesTensorFlowLiteClamps) {
  EXPECT_EQ(QuantizedActivationRange(Activation::NONE, 0.1f, 5).min, -128);
  EXPECT_EQ(QuantizedActivationRange(Activation::NONE, 0.1f, 5).max, 127);
  EXPECT_EQ(QuantizedActivationRange(Activation::RELU, 0.1f, 5).min, 5);
  EXPECT_EQ(QuantizedActivationRange(Activation::RELU, 0.1f, 5).max, 127);
  const ActivationRange relu6 = QuantizedActivationRange(Activation::RELU6, 6.0f / 255.0f, -128);
  EXPECT_EQ(relu6.min, -128);
  EXPECT_EQ(relu6.max, 127);
  const ActivationRange narrow = QuantizedActivationRange(Activation::RELU6, 0.1f, -10);
  EXPECT_EQ(narrow.max, 50);  // -10 + round(6 / 0.1)
  const ActivationRange unit = QuantizedActivationRange(Activation::RELU_N1_TO_1, 0.05f, 0);
  EXPECT_EQ(unit.min, -20);
  EXPECT_EQ(unit.max, 20);
}

TEST(ConvGeometry, SamePaddingPutsTheOddPixelAfter) {
  // The DS-CNN stem: 49 rows, 10-row filter, stride 2.
  EXPECT_EQ(ConvOutputSize(Padding::SAME, 49, 10, 2, 1), 25);
  EXPECT_EQ(ConvPaddingBefore(49, 10, 2, 1, 25), 4);  // total 9: 4 before, 5 after
  EXPECT_EQ(ConvOutputSize(Padding::SAME, 10, 4, 2, 1), 5);
  EXPECT_EQ(ConvPaddingBefore(10, 4, 2, 1, 5), 1);
}

TEST(ConvGeometry, ValidPaddingAndDilation) {
  EXPECT_EQ(ConvOutputSize(Padding::VALID, 25, 25, 1, 1), 1);
  EXPECT_EQ(ConvPaddingBefore(25, 25, 1, 1, 1), 0);
  EXPECT_EQ(ConvOutputSize(Padding::VALID, 10, 3, 1, 2), 6);  // effective filter 5
  EXPECT_EQ(ConvOutputSize(Padding::SAME, 10, 3, 1, 2), 10);
  EXPECT_EQ(ConvPaddingBefore(10, 3, 1, 2, 10), 2);
}

TEST(SoftmaxScaling, MatchesPreprocessSoftmaxScaling) {
  // 0.1 * 2^26 = 6710886.4 = 0.8 * 2^23.
  const SoftmaxScaling scaling = ComputeSoftmaxScaling(1.0f, 0.1f);
  EXPECT_EQ(scaling.input_left_shift, 23);
  EXPECT_NEAR(scaling.input_multiplier, 1717986918, 64);  // float 0.1 is not exactly 0.1
  EXPECT_EQ(scaling.diff_min, -248);                      // floor(31 * 2^26 / 2^23)
}

}  // namespace
}  // namespace arenastore::planner
