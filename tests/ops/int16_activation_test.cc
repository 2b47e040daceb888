// The int16 LOGISTIC, TANH and SOFTMAX (TensorFlow Lite Micro's 16-bit activations): their
// planner-side tables (ops/logistic/logistic_table.h, ops/tanh/tanh_table.h,
// ops/softmax/softmax_table.h) and their reference kernels, pinned by properties TFLM's arithmetic
// has exactly (symmetry, saturation, TFLM's Prepare decisions). Bit-exactness against TFLM's own
// outputs is the conformance suite's (tests/conformance).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/param_types.h"
#include "kernels/sigmoid_int16_table.h"
#include "ops/logistic/logistic_table.h"
#include "ops/logistic/ref.h"
#include "ops/softmax/ref.h"
#include "ops/softmax/softmax_table.h"
#include "ops/tanh/ref.h"
#include "ops/tanh/tanh_table.h"

namespace arenastore::planner {
namespace {

constexpr float kOutputScale = 1.0f / 32768.0f;

UnaryQuantization Int16Quantization(float input_scale) { return {input_scale, 0, kOutputScale, 0}; }

int32_t Word(const std::vector<int8_t>& table, size_t at) {
  uint32_t value = 0;
  for (size_t i = 0; i < 4; ++i)
    value |= static_cast<uint32_t>(static_cast<uint8_t>(table[at + i])) << (8 * i);
  return static_cast<int32_t>(value);
}

using Kernel = Status (*)(const kernels::TableLookupParams&, const int16_t*, int16_t*,
                          std::span<uint8_t>);

std::vector<int16_t> RunKernel(Kernel kernel, const std::vector<int8_t>& table,
                               const std::vector<int16_t>& input) {
  std::vector<int16_t> output(input.size(), 0x5555);
  const kernels::TableLookupParams params{table.data(), static_cast<int32_t>(input.size())};
  const Status status = kernel(params, input.data(), output.data(), {});
  EXPECT_TRUE(status.ok()) << status.message();
  return output;
}

std::vector<int16_t> EveryInt16() {
  std::vector<int16_t> values;
  for (int32_t v = -32768; v <= 32767; ++v) values.push_back(static_cast<int16_t>(v));
  return values;
}

TEST(SigmoidInt16Table, PowerOfTwoInputScaleTakesTflmsMultiplierFreePath) {
  const Result<std::vector<int8_t>> logistic = LogisticInt16Table(Int16Quantization(1.0f / 4096));
  ASSERT_TRUE(logistic.ok()) << logistic.status().message();
  ASSERT_EQ(logistic->size(), kernels::kSigmoidInt16TableBytes);
  EXPECT_EQ(Word(*logistic, 0), 0);  // multiplier 0: the kernel multiplies by 3 << shift
  EXPECT_EQ(Word(*logistic, 4), 0);
  // TANH also takes 2^-11 as a power of two (shift 1); LOGISTIC rescales it: 2^-11 * 3 * 4096 = 6,
  // doubled 12 times to 24576.
  const Result<std::vector<int8_t>> tanh = TanhInt16Table(Int16Quantization(1.0f / 2048));
  ASSERT_TRUE(tanh.ok()) << tanh.status().message();
  EXPECT_EQ(Word(*tanh, 0), 0);
  EXPECT_EQ(Word(*tanh, 4), 1);
  const Result<std::vector<int8_t>> general = LogisticInt16Table(Int16Quantization(1.0f / 2048));
  ASSERT_TRUE(general.ok()) << general.status().message();
  EXPECT_EQ(Word(*general, 0), 24576);
  EXPECT_EQ(Word(*general, 4), 12);
}

TEST(SigmoidInt16Table, RefusesWhatTflmsPrepareRefuses) {
  EXPECT_FALSE(LogisticInt16Table({3e-4f, 1, kOutputScale, 0}).ok());  // input zero point
  EXPECT_FALSE(TanhInt16Table({3e-4f, 0, kOutputScale, 5}).ok());      // output zero point
  EXPECT_FALSE(LogisticInt16Table({3e-4f, 0, 1.0f / 256, 0}).ok());    // output scale not 2^-15
  EXPECT_FALSE(TanhInt16Table({4.0f, 0, kOutputScale, 0}).ok());       // multiplier above 32767
}

TEST(LogisticInt16, IsOneHalfAtZeroAndPointSymmetricAboutIt) {
  for (const float scale : {1.0f / 4096, 3.1e-4f, 1e-5f}) {
    const Result<std::vector<int8_t>> table = LogisticInt16Table(Int16Quantization(scale));
    ASSERT_TRUE(table.ok()) << table.status().message();
    const std::vector<int16_t> input = EveryInt16();
    const std::vector<int16_t> output = RunKernel(&kernels::ref::LogisticInt16, *table, input);
    EXPECT_EQ(output[32768], 16384) << scale;  // logistic(0) = 1/2
    // TFLM rounds the negative side as 1 - sigmoid(|x|) with a complementary offset: for
    // opposite rescaled inputs the halves add up to exactly 1 (32768 units). The power-of-two
    // scale rescales exactly (x * 3); another scale's rounding may differ by one between x and -x.
    const int32_t tolerance = scale == 1.0f / 4096 ? 0 : 1;
    for (int32_t v = 1; v <= 32767; ++v) {
      ASSERT_NEAR(output[32768 + v] + output[32768 - v], 32768, tolerance) << scale << " at " << v;
    }
    EXPECT_TRUE(std::is_sorted(output.begin(), output.end())) << scale;
  }
}

TEST(TanhInt16, IsOddAndSaturatesAtPlusMinus32767) {
  const Result<std::vector<int8_t>> table = TanhInt16Table(Int16Quantization(1.0f / 2048));
  ASSERT_TRUE(table.ok()) << table.status().message();
  const std::vector<int16_t> input = EveryInt16();
  const std::vector<int16_t> output = RunKernel(&kernels::ref::TanhInt16, *table, input);
  EXPECT_EQ(output[32768], 0);
  for (int32_t v = 1; v <= 32767; ++v) ASSERT_EQ(output[32768 - v], -output[32768 + v]) << v;
  EXPECT_EQ(output.back(), 32767);  // 16 in units of 2^-11: far past the table's end
  EXPECT_TRUE(std::is_sorted(output.begin(), output.end()));
}

TEST(SigmoidInt16Kernels, RefuseARescalingTflmNeverProduces) {
  Result<std::vector<int8_t>> table = LogisticInt16Table(Int16Quantization(3.1e-4f));
  ASSERT_TRUE(table.ok());
  // Multiplier 40001 (little-endian, first word): above 32767, x * multiplier could overflow.
  const uint32_t multiplier = 40001;
  for (size_t i = 0; i < 4; ++i) (*table)[i] = static_cast<int8_t>((multiplier >> (8 * i)) & 0xFF);
  const std::vector<int16_t> input = {1, 2, 3};
  std::vector<int16_t> output(3);
  const kernels::TableLookupParams params{table->data(), 3};
  for (Kernel kernel : {Kernel{&kernels::ref::LogisticInt16}, Kernel{&kernels::ref::TanhInt16}}) {
    EXPECT_EQ(kernel(params, input.data(), output.data(), {}).code(),
              ErrorCode::kKernelInvalidParams);
  }
}

TEST(SoftmaxInt16, KernelTablesAreTheOnesThisHostBuildsAsTflmDoes) {
  const SoftmaxInt16Table exp = SoftmaxInt16ExpTable();
  const SoftmaxInt16Table reciprocal = SoftmaxInt16OneOverOnePlusXTable();
  EXPECT_TRUE(std::equal(exp.begin(), exp.end(), kernels::ref::kSoftmaxInt16ExpTable));
  EXPECT_TRUE(std::equal(reciprocal.begin(), reciprocal.end(),
                         kernels::ref::kSoftmaxInt16OneOverOnePlusXTable));
  EXPECT_EQ(exp.back(), 32767);          // exp(0)
  EXPECT_EQ(reciprocal.front(), 32767);  // 1 / (1 + 0)
  EXPECT_EQ(reciprocal.back(), 16384);   // 1 / (1 + 1)
}

TEST(SoftmaxInt16, EqualInputsShareTheUnitEvenlyAndTheMaximumDominates) {
  kernels::SoftmaxParams params{};
  params.outer_size = 2;
  params.depth = 4;
  params.input_multiplier = 1 << 30;  // 0.5 * 2^1: a difference of d counts as d
  params.input_left_shift = 1;
  params.output_type = kernels::ElementType::kInt16;
  const std::vector<int16_t> input = {7, 7, 7, 7, -32768, -32768, -32768, 32767};
  std::vector<int16_t> output(input.size());
  ASSERT_TRUE(kernels::ref::SoftmaxInt16(params, input.data(), output.data(), {}).ok());
  for (int c = 0; c < 4; ++c) EXPECT_NEAR(output[c], 8192, 1) << c;
  // Differences of -65535 are exp(-10) in the table: about 1.5 units of 2^-15 each.
  EXPECT_NEAR(output[7], 32767, 8);
  EXPECT_LE(output[4], 2);
}

}  // namespace
}  // namespace arenastore::planner
