// QUANTIZE from int32 (a requantized accumulator) to int16 or int8, end to end: a TensorFlow Lite
// file as a converter writes it -> import -> plan -> artifact -> runtime -> kernel, its outputs
// equal to TensorFlow Lite Micro's (quantize_common.cc's PrepareQuantizeReference and
// reference_ops::Requantize, written again in tests/planner/tflm_arithmetic.h) on inputs that
// reach every corner of that arithmetic: both int32 ends, a centring that wraps, a left shift that
// wraps, an output zero point whose add wraps, rounding ties, and seeded random values.
#include <flatbuffers/flatbuffers.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "planner/compile.h"
#include "planner/import/tflite_importer.h"
#include "planner/import/tflite_schema_generated.h"
#include "tests/planner/artifact_runner.h"
#include "tests/planner/tflm_arithmetic.h"

namespace arenastore::planner {
namespace {

namespace tfl = arenastore::tflite;

constexpr int32_t kQuantizeBuiltin = 114;
constexpr int32_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int32_t kInt32Max = std::numeric_limits<int32_t>::max();

struct Quantization {
  float scale;
  int32_t zero_point;
};

// One QUANTIZE from an int32 input of `count` elements to `output_type`.
std::vector<uint8_t> QuantizeModel(int32_t count, Quantization in, tfl::TensorType output_type,
                                   Quantization out) {
  flatbuffers::FlatBufferBuilder fbb;
  const std::vector<flatbuffers::Offset<tfl::Buffer>> buffers = {tfl::CreateBuffer(fbb)};
  const std::vector<int32_t> shape = {count};
  const auto tensor = [&](const char* name, tfl::TensorType type, Quantization q) {
    const std::vector<float> scale = {q.scale};
    const std::vector<int64_t> zero_point = {q.zero_point};
    return tfl::CreateTensorDirect(
        fbb, &shape, type, 0, name,
        tfl::CreateQuantizationParametersDirect(fbb, nullptr, nullptr, &scale, &zero_point));
  };
  const std::vector<flatbuffers::Offset<tfl::Tensor>> tensors = {
      tensor("accumulator", tfl::TensorType::INT32, in), tensor("out", output_type, out)};
  const std::vector<int32_t> inputs = {0}, outputs = {1};
  const std::vector<flatbuffers::Offset<tfl::Operator>> operators = {
      tfl::CreateOperatorDirect(fbb, 0, &inputs, &outputs)};
  const std::vector<flatbuffers::Offset<tfl::OperatorCode>> codes = {tfl::CreateOperatorCodeDirect(
      fbb, static_cast<int8_t>(kQuantizeBuiltin), nullptr, 1, kQuantizeBuiltin)};
  const std::vector<flatbuffers::Offset<tfl::SubGraph>> subgraphs = {
      tfl::CreateSubGraphDirect(fbb, &tensors, &inputs, &outputs, &operators, "main")};
  tfl::FinishModelBuffer(
      fbb, tfl::CreateModelDirect(fbb, 3, &codes, &subgraphs, "quantize int32", &buffers));
  return {fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize()};
}

// The corners, then seeded random int32 values across the whole range.
std::vector<int32_t> Inputs() {
  std::vector<int32_t> values = {kInt32Min,
                                 kInt32Min + 1,
                                 kInt32Min + 7,
                                 -(1 << 30) - 1,
                                 -(1 << 30),
                                 -(1 << 28),
                                 -1000003,
                                 -65536,
                                 -32769,
                                 -3,
                                 -2,
                                 -1,
                                 0,
                                 1,
                                 2,
                                 3,
                                 5,
                                 32767,
                                 65535,
                                 1000003,
                                 (1 << 28) - 1,
                                 (1 << 28),
                                 (1 << 30) - 1,
                                 1 << 30,
                                 kInt32Max - 7,
                                 kInt32Max - 2,
                                 kInt32Max - 1,
                                 kInt32Max};
  std::mt19937 random(33);
  for (int i = 0; i < 2000; ++i) values.push_back(static_cast<int32_t>(random()));
  for (int i = 0; i < 500; ++i) values.push_back(static_cast<int32_t>(random()) >> (i % 24));
  return values;
}

// Imports, plans and runs the model on `values`; each output widened to int32.
std::vector<int32_t> QuantizeOnHost(const std::vector<int32_t>& values, Quantization in,
                                    tfl::TensorType output_type, Quantization out) {
  const std::vector<uint8_t> file =
      QuantizeModel(static_cast<int32_t>(values.size()), in, output_type, out);
  auto graph = ImportTflite(file, "quantize int32");
  EXPECT_TRUE(graph.ok()) << graph.status().message();
  if (!graph.ok()) return {};
  auto model = Compile(*graph, {});
  EXPECT_TRUE(model.ok()) << model.status().message();
  if (!model.ok()) return {};
  std::vector<uint8_t> input(values.size() * sizeof(int32_t));
  std::memcpy(input.data(), values.data(), input.size());
  const testing::Outputs outputs = testing::RunOnInputs(model->artifact, {input});
  if (outputs.size() != 1) return {};
  std::vector<int32_t> result;
  const std::vector<uint8_t>& bytes = outputs[0];
  if (output_type == tfl::TensorType::INT16) {
    for (size_t i = 0; i + 1 < bytes.size(); i += 2) {
      int16_t v;
      std::memcpy(&v, bytes.data() + i, 2);
      result.push_back(v);
    }
  } else {
    for (const uint8_t byte : bytes) result.push_back(static_cast<int8_t>(byte));
  }
  return result;
}

struct Case {
  const char* what;
  Quantization in;
  tfl::TensorType output_type;
  Quantization out;
};

// Scale pairs as a converter writes them (an accumulator's input x weight scale to an
// activation's), and the ones whose arithmetic wraps in TFLM's int32.
constexpr Case kCases[] = {
    {"accumulator to int16: a right shift", {1.5e-5f, 0}, tfl::TensorType::INT16, {0.02f, 0}},
    {"input zero point: the centring wraps at the int32 ends",
     {2.0e-4f, -5},
     tfl::TensorType::INT16,
     {0.5f, 3}},
    {"ratio 6: a left shift by 3 that wraps large inputs",
     {3.0f, 0},
     tfl::TensorType::INT16,
     {0.5f, 100}},
    {"equal scales: multiplier 2^30 with a left shift by 1",
     {0.25f, 0},
     tfl::TensorType::INT16,
     {0.25f, 7}},
    {"ratio just below 1: the output zero point's add wraps",
     {1.0f, 0},
     tfl::TensorType::INT16,
     {1.00001f, 32767}},
    {"negative output zero point", {0.001f, 12}, tfl::TensorType::INT16, {0.003f, -32768}},
    {"accumulator to int8", {4.0e-4f, 0}, tfl::TensorType::INT8, {0.05f, -11}},
    {"int8 with a left shift", {0.3f, 5}, tfl::TensorType::INT8, {0.07f, 127}},
};

TEST(QuantizeInt32, EveryOutputIsTflmsRequantize) {
  const std::vector<int32_t> values = Inputs();
  for (const Case& c : kCases) {
    const bool int16 = c.output_type == tfl::TensorType::INT16;
    const int32_t low = int16 ? -32768 : -128, high = int16 ? 32767 : 127;
    const std::vector<int32_t> output = QuantizeOnHost(values, c.in, c.output_type, c.out);
    ASSERT_EQ(output.size(), values.size()) << c.what;
    for (size_t i = 0; i < values.size(); ++i) {
      const int32_t expected = testing::tflm::Requantize(values[i], c.in.scale, c.in.zero_point,
                                                         c.out.scale, c.out.zero_point, low, high);
      ASSERT_EQ(output[i], expected) << c.what << ": input " << values[i];
    }
  }
}

// Values worked by hand from TFLM's steps, pinning the oracle too. Equal scales make the
// multiplier 2^30 with a left shift of 1: x * 2 wraps in int32 before the doubling high multiply
// halves it back, so the int32 ends do not saturate but fold.
TEST(QuantizeInt32, EqualScalesFoldTheInt32EndsAsTflmsWrappingShiftDoes) {
  const std::vector<int32_t> output =
      QuantizeOnHost({3, -3, 40000, kInt32Max, kInt32Min, 1 << 30, -(1 << 30)}, {0.25f, 0},
                     tfl::TensorType::INT16, {0.25f, 7});
  ASSERT_EQ(output.size(), 7u);
  EXPECT_EQ(output[0], 10);      // 3 + 7
  EXPECT_EQ(output[1], 4);       // -3 + 7
  EXPECT_EQ(output[2], 32767);   // 40007 clamps
  EXPECT_EQ(output[3], 6);       // 2^31 - 1: x * 2 wraps to -2, halved to -1, + 7
  EXPECT_EQ(output[4], 7);       // -2^31: x * 2 wraps to 0
  EXPECT_EQ(output[5], -32768);  // 2^30: x * 2 wraps to -2^31, halved to -2^30, clamps
  EXPECT_EQ(output[6], -32768);  // -2^30: x * 2 is -2^31 exactly, halved to -2^30
}

// A rescale just below 1 leaves the largest input near 2^31 - 1; TFLM adds the output zero point
// in int32, which wraps to a large negative value and clamps to the bottom of int16, where a
// saturating add would have clamped to the top.
TEST(QuantizeInt32, AnOutputZeroPointAddThatWrapsClampsToTheOtherEnd) {
  const std::vector<int32_t> output = QuantizeOnHost(
      {kInt32Max, kInt32Max - 40000, 1000}, {1.0f, 0}, tfl::TensorType::INT16, {1.00001f, 32767});
  ASSERT_EQ(output.size(), 3u);
  EXPECT_EQ(output[0], -32768);
  EXPECT_EQ(output[1], 32767);  // no wrap: 2^31 - 1 - 40000 rescaled, + 32767, clamps high
  EXPECT_EQ(output[2], 32767);
}

// TFLM rounds twice, ties away from zero each time: a ratio of exactly 1/4 (multiplier 2^30,
// right shift 1) maps 2 to 0.5 -> 1, -2 to -0.5 -> -1, 6 to 1.5 -> 2; and 1, whose quarter the
// doubling high multiply first rounds up to one half, to 1, while -1 rounds to 0 there.
TEST(QuantizeInt32, RoundsTwiceWithTiesAwayFromZeroAsTflm) {
  const std::vector<int32_t> output =
      QuantizeOnHost({2, -2, 6, -6, 1, -1}, {0.25f, 0}, tfl::TensorType::INT8, {1.0f, 0});
  ASSERT_EQ(output.size(), 6u);
  EXPECT_EQ(output, (std::vector<int32_t>{1, -1, 2, -2, 1, 0}));
}

}  // namespace
}  // namespace arenastore::planner
