// The int16 (16x8) RSQRT, end to end (graph -> plan -> artifact -> runtime -> kernel), against
// TensorFlow Lite Micro's reference arithmetic over every one of the 65,536 int16 inputs, for a
// spread of input and output scales. The conformance corpus holds six int16 RSQRT cases of a few
// hundred values each; this sweep covers what they do not: every input, scales whose output
// rescale shifts left or right, saturating ones, and the scales at the edge of what the planner
// accepts.
//
// The oracle is tests/planner/tflm_arithmetic.h: TFLM's elementwise.cc (PrepareAbsRsqrt,
// RsqrtEvalQuantized, validate_input_func) and the fixed-point steps under it written again in
// plain 64-bit integer arithmetic, sharing no code with the library.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "planner/compile.h"
#include "planner/graph_builder.h"
#include "tests/planner/artifact_runner.h"
#include "tests/planner/tflm_arithmetic.h"

namespace arenastore::planner {
namespace {

namespace tflm = testing::tflm;

struct Scales {
  const char* what;
  float input, output;
};

// Every int16 value once, -32768 first.
std::vector<int16_t> EveryInt16() {
  std::vector<int16_t> values;
  for (int32_t v = -32768; v <= 32767; ++v) values.push_back(static_cast<int16_t>(v));
  return values;
}

Graph RsqrtGraph(Scales scales, int32_t input_zero_point = 0, int32_t output_zero_point = 0) {
  GraphBuilder b("rsqrt int16 sweep", 7);
  const int32_t x = b.Input("x", {65536}, DataType::kInt16, scales.input, input_zero_point);
  b.Output(b.Operator(kernels::OpKind::kRsqrt, {x}, RsqrtAttributes{}, {65536}, DataType::kInt16,
                      scales.output, output_zero_point));
  return b.Build();
}

// What the compiled graph outputs for EveryInt16(); empty (with a failure) when it does not run.
std::vector<int16_t> RunOnEveryInt16(Scales scales) {
  auto model = Compile(RsqrtGraph(scales), {});
  EXPECT_TRUE(model.ok()) << scales.what << ": " << model.status().message();
  if (!model.ok()) return {};
  const std::vector<int16_t> values = EveryInt16();
  std::vector<uint8_t> input(values.size() * 2);
  std::memcpy(input.data(), values.data(), input.size());
  const testing::Outputs outputs = testing::RunOnInputs(model->artifact, {input});
  if (outputs.size() != 1 || outputs[0].size() != input.size()) return {};
  std::vector<int16_t> result(values.size());
  std::memcpy(result.data(), outputs[0].data(), outputs[0].size());
  return result;
}

// Input and output scales as converters write them (the conformance corpus's among them), and
// the corners: output rescales that shift right by up to 31 bits after the 2^20 scaling is taken
// out, that shift left, that saturate most of the range, and a rescale of exactly 1.
constexpr Scales kScales[] = {
    {"corpus rsqrt_int16_00", 0.00015066975902300328f, 0.0013859447790309787f},
    {"corpus rsqrt_int16_01", 5.342000804375857e-05f, 0.0006095299031585455f},
    {"corpus rsqrt_int16_05", 1.4869582628307398e-05f, 0.0023751184344291687f},
    {"16x8 activations, 2^-15 in, 2^-10 out", 1.0f / 32768, 1.0f / 1024},
    {"wide input range, fine output", 0.01f, 3.0e-5f},
    {"narrow input range, coarse output", 3.0e-6f, 0.05f},
    {"output rescale shifts left (multiplier 2^22)", 1.0f, 2.0f / (1 << 23)},
    {"every output saturates", 1.0e-6f, 1.0e-5f},
    {"rescale exactly 1", 1.0f, 1.0f},
    {"right shift by 31, the refusal edge", 40000.0f, 20.0f},
    {"scales with long mantissas", 0.000123456789f, 0.000987654321f},
};

TEST(RsqrtInt16, EveryInputMatchesTflmsArithmeticForEveryScalePair) {
  const std::vector<int16_t> values = EveryInt16();
  for (const Scales& scales : kScales) {
    const tflm::Multiplier multiplier = tflm::RsqrtOutputMultiplier(scales.input, scales.output);
    const std::vector<int16_t> output = RunOnEveryInt16(scales);
    ASSERT_EQ(output.size(), values.size()) << scales.what;
    int mismatches = 0;
    std::string first;
    for (size_t i = 0; i < values.size(); ++i) {
      const std::optional<int16_t> expected = tflm::RsqrtInt16(values[i], multiplier);
      if (!expected.has_value()) continue;  // TFLM fails the Invoke: the next test's subject
      if (output[i] != *expected) {
        if (mismatches++ == 0) {
          first = "input " + std::to_string(values[i]) + " gives " + std::to_string(output[i]) +
                  ", TFLM's " + std::to_string(*expected);
        }
      }
    }
    EXPECT_EQ(mismatches, 0) << scales.what << " (multiplier " << multiplier.multiplier
                             << ", shift " << multiplier.shift << "): " << first;
  }
}

// TFLM's Invoke fails on a negative input ("Rsqrt is only defined for positive values"); a
// kernel here cannot refuse one element of a tensor it has partly written, so it gives the value
// TFLM gives zero, the int16 maximum, as the int8 table does below its zero point.
TEST(RsqrtInt16, NegativeInputsGiveTheMaximumWhereTflmsInvokeFails) {
  const std::vector<int16_t> values = EveryInt16();
  const std::vector<int16_t> output = RunOnEveryInt16(kScales[0]);
  ASSERT_EQ(output.size(), values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i] > 0) break;
    EXPECT_EQ(output[i], 32767) << "input " << values[i];
  }
}

// A few values worked by hand from the formula, so the oracle above is pinned too: with input
// and output scale 1 the output is round(2^20 / sqrt(x)) rescaled by 2^-20, i.e. 1 / sqrt(x)
// rounded, and zero gives the maximum.
TEST(RsqrtInt16, UnitScalesGiveTheRoundedInverseSquareRoot) {
  const std::vector<int16_t> output = RunOnEveryInt16({"unit", 1.0f, 1.0f});
  ASSERT_EQ(output.size(), 65536u);
  const auto at = [&](int32_t value) { return output[static_cast<size_t>(value + 32768)]; };
  EXPECT_EQ(at(0), 32767);
  EXPECT_EQ(at(1), 1);
  EXPECT_EQ(at(2), 1);  // 0.707 rounds to 1
  EXPECT_EQ(at(3), 1);  // 0.577
  EXPECT_EQ(at(4), 1);  // 0.5 exactly, up to the Newton-Raphson's last bit
  EXPECT_EQ(at(5), 0);  // 0.447
  EXPECT_EQ(at(32767), 0);
  const tflm::Multiplier unit = tflm::RsqrtOutputMultiplier(1.0f, 1.0f);
  EXPECT_EQ(unit.multiplier, 1 << 30);
  EXPECT_EQ(unit.shift, 1);
  // 2^-10 output steps: 1 / sqrt(4) = 0.5 -> 512, 1 / sqrt(16) -> 256, 1 / sqrt(1) -> 1024.
  const std::vector<int16_t> fine = RunOnEveryInt16({"fine", 1.0f, 1.0f / 1024});
  ASSERT_EQ(fine.size(), 65536u);
  EXPECT_EQ(fine[32768 + 1], 1024);
  EXPECT_EQ(fine[32768 + 4], 512);
  EXPECT_EQ(fine[32768 + 16], 256);
  for (const int32_t x : {1, 2, 4, 16, 100, 1000, 32767}) {
    EXPECT_EQ(
        fine[static_cast<size_t>(32768 + x)],
        *tflm::RsqrtInt16(static_cast<int16_t>(x), tflm::RsqrtOutputMultiplier(1.0f, 1.0f / 1024)))
        << x;
  }
}

// TFLM's Prepare requires int16 zero points of 0 (TF_LITE_ENSURE_EQ on both offsets), so no
// scale-and-zero-point pair with another zero point has TFLM outputs to match: the plan refuses.
TEST(RsqrtInt16, NonZeroZeroPointsAreRefusedAsTflmsPrepareRefusesThem) {
  for (const auto& [input_zero_point, output_zero_point] :
       std::vector<std::pair<int32_t, int32_t>>{{1, 0}, {0, -1}, {-300, 12}}) {
    const auto model = Compile(RsqrtGraph(kScales[0], input_zero_point, output_zero_point), {});
    ASSERT_FALSE(model.ok()) << input_zero_point << ", " << output_zero_point;
    EXPECT_NE(std::string(model.status().message()).find("zero points"), std::string::npos)
        << model.status().message();
  }
}

}  // namespace
}  // namespace arenastore::planner
