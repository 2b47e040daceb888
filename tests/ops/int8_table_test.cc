// The int8 unary-op lookup tables (ops/<op>/<op>_table.h) against TensorFlow Lite Micro:
// 1. every int8 -> int8 case of the nine ops in ../shared/conformance: the model's quantization
//    (and LEAKY_RELU's alpha) read with the TFLite reader, the table built, the case's input
//    mapped through it and compared byte for byte with the bytes TFLM's reference kernel wrote;
// 2. specification tests with hand-computed values that pin TFLM's arithmetic (its rounding,
//    what it ignores, what its Prepare refuses) without needing ../shared.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "ops/abs/abs_table.h"
#include "ops/elu/elu_table.h"
#include "ops/hard_swish/hard_swish_table.h"
#include "ops/leaky_relu/leaky_relu_table.h"
#include "ops/logistic/logistic_table.h"
#include "ops/quantize/quantize_table.h"
#include "ops/relu/relu_table.h"
#include "ops/relu6/relu6_table.h"
#include "ops/tanh/tanh_table.h"
#include "planner/import/tflite_model_reader.h"
#include "planner/int8_table.h"

namespace arenastore::planner {
namespace {

namespace fs = std::filesystem;

const fs::path kConformance = fs::path(ARENASTORE_SHARED_DIR) / "conformance";

// One entry per op: how to build its table from the model's quantization and operator.
// `op` is the model's operator (LEAKY_RELU reads its alpha there); nullptr outside a model.
using TableBuilder =
    std::function<Result<Int8Table>(const UnaryQuantization&, const tflite::Operator*)>;

const std::map<std::string, TableBuilder>& Builders() {
  static const auto* builders = new std::map<std::string, TableBuilder>{
      {"RELU", [](const UnaryQuantization& q, const tflite::Operator*) { return ReluTable(q); }},
      {"RELU6", [](const UnaryQuantization& q, const tflite::Operator*) { return Relu6Table(q); }},
      {"LEAKY_RELU",
       [](const UnaryQuantization& q, const tflite::Operator* op) -> Result<Int8Table> {
         const auto* options = op ? op->builtin_options_as_LeakyReluOptions() : nullptr;
         if (options == nullptr) {
           return Status::Error(ErrorCode::kImportMalformed, "LEAKY_RELU without options");
         }
         return LeakyReluTable(q, options->alpha());
       }},
      {"LOGISTIC",
       [](const UnaryQuantization& q, const tflite::Operator*) { return LogisticTable(q); }},
      {"TANH", [](const UnaryQuantization& q, const tflite::Operator*) { return TanhTable(q); }},
      {"HARD_SWISH",
       [](const UnaryQuantization& q, const tflite::Operator*) { return HardSwishTable(q); }},
      {"ELU", [](const UnaryQuantization& q, const tflite::Operator*) { return EluTable(q); }},
      {"ABS", [](const UnaryQuantization& q, const tflite::Operator*) { return AbsTable(q); }},
      {"QUANTIZE",
       [](const UnaryQuantization& q, const tflite::Operator*) { return QuantizeTable(q); }},
  };
  return *builders;
}

std::vector<uint8_t> ReadBytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

struct ConformanceCase {
  std::string name;
  std::string op;
};

// Rows of manifest.tsv for the nine ops whose activation, input and output types are all int8
// (QUANTIZE's int16/float -> int8 rows are out of scope). Columns are found by header name.
std::vector<ConformanceCase> UnaryCases() {
  std::vector<ConformanceCase> cases;
  std::ifstream manifest(kConformance / "manifest.tsv");
  std::string line;
  if (!std::getline(manifest, line)) return cases;
  auto split = [](const std::string& row) {
    std::vector<std::string> fields;
    std::stringstream stream(row);
    std::string field;
    while (std::getline(stream, field, '\t')) fields.push_back(field);
    return fields;
  };
  const std::vector<std::string> header = split(line);
  auto column = [&](const char* name) {
    return static_cast<size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  const size_t name_at = column("case"), op_at = column("op"),
               activation_at = column("activation_type"), inputs_at = column("input_types"),
               outputs_at = column("output_types");
  while (std::getline(manifest, line)) {
    const std::vector<std::string> fields = split(line);
    const size_t needed = std::max({name_at, op_at, activation_at, inputs_at, outputs_at});
    if (fields.size() <= needed) continue;
    if (Builders().count(fields[op_at]) == 0) continue;
    if (fields[activation_at] != "int8" || fields[inputs_at] != "int8" ||
        fields[outputs_at] != "int8") {
      continue;
    }
    cases.push_back({fields[name_at], fields[op_at]});
  }
  return cases;
}

// The first scale and zero point of a tensor, as TFLM's per-tensor params take them.
bool TensorQuantization(const TfliteModelReader& reader, int32_t index, float* scale,
                        int32_t* zero_point) {
  const tflite::QuantizationParameters* q = reader.tensor(index).quantization();
  if (q == nullptr || q->scale() == nullptr || q->scale()->size() == 0) return false;
  const std::vector<int64_t> zero_points = reader.ZeroPointsOf(index);
  *scale = q->scale()->Get(0);
  *zero_point = zero_points.empty() ? 0 : static_cast<int32_t>(zero_points[0]);
  return true;
}

class UnaryConformance : public ::testing::TestWithParam<ConformanceCase> {};

TEST_P(UnaryConformance, TableReproducesTflmOutputByteForByte) {
  const ConformanceCase& c = GetParam();
  const std::vector<uint8_t> model = ReadBytes(kConformance / (c.name + ".tflite"));
  const std::vector<uint8_t> input = ReadBytes(kConformance / (c.name + ".in.bin"));
  const std::vector<uint8_t> expected = ReadBytes(kConformance / (c.name + ".out.bin"));
  auto reader = TfliteModelReader::Open(model);
  ASSERT_TRUE(reader.ok()) << reader.status().message();
  ASSERT_EQ(reader->operator_count(), 1);
  auto code = reader->OperatorCodeOf(0);
  ASSERT_TRUE(code.ok()) << code.status().message();
  ASSERT_EQ(code->label, c.op);
  const tflite::Operator& op = reader->op(0);
  ASSERT_TRUE(op.inputs() != nullptr && op.inputs()->size() >= 1);
  ASSERT_TRUE(op.outputs() != nullptr && op.outputs()->size() == 1);
  const int32_t input_tensor = op.inputs()->Get(0);
  const int32_t output_tensor = op.outputs()->Get(0);
  ASSERT_EQ(reader->TensorTypeOf(input_tensor), tflite::TensorType::INT8);
  ASSERT_EQ(reader->TensorTypeOf(output_tensor), tflite::TensorType::INT8);

  UnaryQuantization q{};
  ASSERT_TRUE(TensorQuantization(*reader, input_tensor, &q.input_scale, &q.input_zero_point));
  ASSERT_TRUE(TensorQuantization(*reader, output_tensor, &q.output_scale, &q.output_zero_point));
  auto table = Builders().at(c.op)(q, &op);
  ASSERT_TRUE(table.ok()) << table.status().message();

  ASSERT_EQ(input.size(), expected.size());
  ASSERT_FALSE(input.empty());
  for (size_t i = 0; i < input.size(); ++i) {
    const int8_t value = static_cast<int8_t>(input[i]);
    const int8_t actual = (*table)[Int8TableIndex(value)];
    const int8_t want = static_cast<int8_t>(expected[i]);
    ASSERT_EQ(actual, want) << c.name << ": first mismatch at byte " << i << ", input "
                            << int{value} << ", TFLM " << int{want} << ", table " << int{actual}
                            << " (input scale " << q.input_scale << " zp " << q.input_zero_point
                            << ", output scale " << q.output_scale << " zp " << q.output_zero_point
                            << ")";
  }
}

std::string CaseName(const ::testing::TestParamInfo<ConformanceCase>& info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(SharedCorpus, UnaryConformance, ::testing::ValuesIn(UnaryCases()),
                         CaseName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(UnaryConformance);

// Guards the parameterized test above against a manifest it silently fails to parse.
TEST(UnaryConformanceCorpus, HasInt8CasesForEveryOp) {
  if (!fs::exists(kConformance / "manifest.tsv")) {
    GTEST_SKIP() << "../shared/conformance is absent; unary table conformance skipped";
  }
  std::map<std::string, int> per_op;
  for (const ConformanceCase& c : UnaryCases()) ++per_op[c.op];
  for (const auto& [op, builder] : Builders()) {
    EXPECT_GT(per_op[op], 0) << op << " has no int8 -> int8 case in the manifest";
    std::printf("%-10s %d int8 cases\n", op.c_str(), per_op[op]);
  }
}

// ---- Specification tests (no ../shared needed) ----

Int8Table Built(const Result<Int8Table>& table) {
  EXPECT_TRUE(table.ok()) << table.status().message();
  return table.ok() ? table.value() : Int8Table{};
}

int At(const Int8Table& table, int value) { return table[Int8TableIndex(value)]; }

TEST(ReluTable, ClampsAtOutputZeroPointWhenScalesAreEqual) {
  const Int8Table table = Built(ReluTable({0.5f, -10, 0.5f, 5}));
  // out = 5 + (x + 10), never below the output's quantized zero (5), saturating at 127.
  EXPECT_EQ(At(table, -128), 5);
  EXPECT_EQ(At(table, -10), 5);
  EXPECT_EQ(At(table, -9), 6);
  EXPECT_EQ(At(table, 0), 15);
  EXPECT_EQ(At(table, 112), 127);
  EXPECT_EQ(At(table, 127), 127);
}

TEST(ReluTable, RescalesWithRoundingHalfUp) {
  // Ratio 0.5: multiplier 2^30, shift 0; x / 2 rounds half upward (1.5 -> 2, 2.5 -> 3).
  const Int8Table table = Built(ReluTable({0.5f, 0, 1.0f, 0}));
  EXPECT_EQ(At(table, 1), 1);
  EXPECT_EQ(At(table, 3), 2);
  EXPECT_EQ(At(table, 5), 3);
  EXPECT_EQ(At(table, 127), 64);
  EXPECT_EQ(At(table, -1), 0);
  EXPECT_EQ(At(table, -128), 0);
}

TEST(ReluTable, OutputZeroPointBelowInt8ClampsAtMinus128) {
  const Int8Table table = Built(ReluTable({1.0f, 0, 1.0f, -128}));
  EXPECT_EQ(At(table, -5), -128);
  EXPECT_EQ(At(table, 0), -128);
  EXPECT_EQ(At(table, 100), -28);
}

TEST(Relu6Table, ClampsRawInputBetweenInputQuantizedZeroAndSix) {
  // six = round(6 / 0.05) + (-20) = 100; the output quantization is never read.
  const Int8Table table = Built(Relu6Table({0.05f, -20, 3.0f, 50}));
  for (int x = -128; x <= 127; ++x) {
    EXPECT_EQ(At(table, x), std::clamp(x, -20, 100)) << x;
  }
  EXPECT_EQ(Built(Relu6Table({0.05f, -20, 0.001f, -7})), table);
}

TEST(Relu6Table, RoundsSixHalfAwayFromZeroAndSaturatesAtInt8) {
  // 6 / 4 = 1.5 -> 2.
  const Int8Table coarse = Built(Relu6Table({4.0f, 0, 4.0f, 0}));
  EXPECT_EQ(At(coarse, 2), 2);
  EXPECT_EQ(At(coarse, 3), 2);
  EXPECT_EQ(At(coarse, -1), 0);
  // 6 / 0.01 = 600: six clamps to 127, so the positive side is the identity.
  const Int8Table fine = Built(Relu6Table({0.01f, 0, 0.01f, 0}));
  EXPECT_EQ(At(fine, 127), 127);
  EXPECT_EQ(At(fine, -128), 0);
}

TEST(LeakyReluTable, NegativeSideRoundsHalfUp) {
  // Equal scales, alpha 0.5: 0.1f * 0.5f / 0.1f is exactly 0.5. -1.5 -> -1 and -0.5 -> 0 (the
  // doubling high multiply rounds half toward +infinity), 1.5 stays exact on the identity side.
  const Int8Table table = Built(LeakyReluTable({0.1f, 0, 0.1f, 0}, 0.5f));
  EXPECT_EQ(At(table, -1), 0);
  EXPECT_EQ(At(table, -2), -1);
  EXPECT_EQ(At(table, -3), -1);
  EXPECT_EQ(At(table, -5), -2);
  EXPECT_EQ(At(table, -128), -64);
  EXPECT_EQ(At(table, 0), 0);
  EXPECT_EQ(At(table, 3), 3);
  EXPECT_EQ(At(table, 127), 127);
}

TEST(LeakyReluTable, ZeroPointsAndNegativeAlpha) {
  // alpha -1 with equal scales is |x - zp| + output zp, clamped.
  const Int8Table table = Built(LeakyReluTable({0.2f, 10, 0.2f, -3}, -1.0f));
  EXPECT_EQ(At(table, 10), -3);
  EXPECT_EQ(At(table, 5), 2);
  EXPECT_EQ(At(table, 15), 2);
  EXPECT_EQ(At(table, -128), 127);  // 138 - 3 = 135 saturates
  // alpha 0 sends every negative input to the output zero point.
  const Int8Table zero_alpha = Built(LeakyReluTable({0.2f, 10, 0.2f, -3}, 0.0f));
  EXPECT_EQ(At(zero_alpha, -128), -3);
  EXPECT_EQ(At(zero_alpha, 9), -3);
  EXPECT_EQ(At(zero_alpha, 11), -2);
}

TEST(LogisticTable, IsMonotonicAndSaturatesAtBothEnds) {
  const Int8Table table = Built(LogisticTable({0.1f, 0, 1.0f / 256, -128}));
  for (int x = -127; x <= 127; ++x) EXPECT_LE(At(table, x - 1), At(table, x)) << x;
  EXPECT_EQ(At(table, -128), -128);  // logistic(-12.8) * 256 rounds to 0
  EXPECT_EQ(At(table, 127), 127);    // logistic(12.7) * 256 rounds to 256, clamped
  EXPECT_EQ(At(table, 0), 0);        // exactly one half
  EXPECT_EQ(At(table, 10), 59);      // logistic(1) * 256 = 187.15
  EXPECT_EQ(At(table, -10), -59);    // logistic(-1) * 256 = 68.85
  EXPECT_EQ(At(table, 30), 116);     // logistic(3) * 256 = 243.86
}

TEST(LogisticTable, IgnoresOutputScaleButRefusesAnotherZeroPoint) {
  EXPECT_EQ(Built(LogisticTable({0.1f, 3, 1.0f / 256, -128})),
            Built(LogisticTable({0.1f, 3, 0.5f, -128})));
  auto refused = LogisticTable({0.1f, 3, 1.0f / 256, 0});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kPlanInvalidGraph);
  EXPECT_NE(std::string(refused.status().message()).find("-128"), std::string::npos);
}

TEST(LogisticTable, ZeroInputSaturatesLowWhenTheRadiusIsZero) {
  // Input scale 32: 32 * 2^27 = 2^32, left shift 33, radius floor(15 * 2^27 / 2^33) = 0, so
  // TFLM's "x <= -radius" test sends x == 0 to -128 although logistic(0) is one half.
  const Int8Table table = Built(LogisticTable({32.0f, 4, 1.0f / 256, -128}));
  EXPECT_EQ(At(table, 4), -128);
  EXPECT_EQ(At(table, 3), -128);
  EXPECT_EQ(At(table, 5), 127);
}

TEST(TanhTable, IsOddUntilTheOutputClampAndSaturatesBeyondTheRadius) {
  // Scale 1/16: the Q4.27 input is exactly x / 16 and the radius is 15 * 2^27 / 2^24 = 120.
  const Int8Table table = Built(TanhTable({1.0f / 16, 0, 1.0f / 128, 0}));
  EXPECT_EQ(At(table, 0), 0);
  EXPECT_EQ(At(table, 16), 97);  // tanh(1) * 128 = 97.48
  EXPECT_EQ(At(table, -16), -97);
  EXPECT_EQ(At(table, 8), 59);  // tanh(0.5) * 128 = 59.18
  // The fixed-point tanh is exactly odd, but from |tanh| * 128 >= 127.5 (x >= 50 here) the
  // result rounds to +-128: -128 fits int8, +128 clamps to 127. So the table is not odd there.
  for (int x = 1; x < 50; ++x) EXPECT_EQ(At(table, -x), -At(table, x)) << x;
  for (int x = 50; x < 120; ++x) {
    EXPECT_EQ(At(table, x), 127) << x;
    EXPECT_EQ(At(table, -x), -128) << x;
  }
  for (int x = 120; x <= 127; ++x) EXPECT_EQ(At(table, x), 127) << x;
  for (int x = -128; x <= -120; ++x) EXPECT_EQ(At(table, x), -128) << x;
  for (int x = -127; x <= 127; ++x) EXPECT_LE(At(table, x - 1), At(table, x)) << x;
}

TEST(TanhTable, IgnoresOutputQuantization) {
  EXPECT_EQ(Built(TanhTable({0.07f, -5, 1.0f / 128, 0})), Built(TanhTable({0.07f, -5, 0.25f, 17})));
}

TEST(HardSwishTable, HandTracedValues) {
  // Scale 3/16 on both sides: output multiplier 2^-7 (int16 16384, exponent -6), reluish
  // multiplier 16 (int16 16384, exponent 5). Traced through the int16 steps by hand:
  //   x = 3.0 (16): 16, x = 1.5 (8): 6, x = -1.5 (-8): -2, x = -3 (-16): 0.
  const Int8Table table = Built(HardSwishTable({0.1875f, 0, 0.1875f, 0}));
  EXPECT_EQ(At(table, 0), 0);
  EXPECT_EQ(At(table, 16), 16);
  EXPECT_EQ(At(table, 8), 6);
  EXPECT_EQ(At(table, -8), -2);
  EXPECT_EQ(At(table, -16), 0);
  EXPECT_EQ(At(table, -128), 0);
  EXPECT_EQ(At(table, 127), 127);
}

TEST(HardSwishTable, StaysWithinOneOfTheRealFunction) {
  const UnaryQuantization q{0.05f, -7, 0.03f, -100};
  const Int8Table table = Built(HardSwishTable(q));
  for (int x = -128; x <= 127; ++x) {
    const double real = q.input_scale * (x - q.input_zero_point);
    const double swish = real * std::clamp(real + 3.0, 0.0, 6.0) / 6.0;
    const double ideal =
        std::clamp(std::round(swish / q.output_scale) + q.output_zero_point, -128.0, 127.0);
    EXPECT_LE(std::abs(At(table, x) - ideal), 1.0) << x;
  }
  EXPECT_EQ(At(table, -7), -100);  // zero maps to the output zero point exactly
}

TEST(HardSwishTable, RefusesAnOutputMultiplierThatNeedsALeftShift) {
  // (1 / 128) / 0.001 = 7.8: exponent 3 > 0, which TFLM's HardSwishPrepare refuses.
  auto refused = HardSwishTable({1.0f, 0, 0.001f, 0});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kPlanInvalidGraph);
  EXPECT_TRUE(HardSwishTable({1.0f, 0, 0.01f, 0}).ok());  // 0.78: exponent 0
}

TEST(EluTable, IdentityAboveZeroAndExpMinusOneBelow) {
  const Int8Table table = Built(EluTable({0.1f, 0, 0.1f, 0}));
  EXPECT_EQ(At(table, 0), 0);
  EXPECT_EQ(At(table, 5), 5);
  EXPECT_EQ(At(table, 127), 127);
  EXPECT_EQ(At(table, -1), -1);     // (exp(-0.1) - 1) * 10 = -0.95
  EXPECT_EQ(At(table, -10), -6);    // (exp(-1) - 1) * 10 = -6.32
  EXPECT_EQ(At(table, -128), -10);  // (exp(-12.8) - 1) * 10 = -9.99997
  const Int8Table shifted = Built(EluTable({0.1f, 20, 0.05f, -30}));
  EXPECT_EQ(At(shifted, 20), -30);
  EXPECT_EQ(At(shifted, 30), -10);  // 1.0 / 0.05 = 20
  EXPECT_EQ(At(shifted, 10), -43);  // (exp(-1) - 1) / 0.05 = -12.64
}

TEST(AbsTable, WithoutRescaleAddsZeroPoints) {
  const Int8Table table = Built(AbsTable({0.3f, -5, 0.3f, -128}));
  EXPECT_EQ(At(table, -5), -128);
  EXPECT_EQ(At(table, 127), 4);
  EXPECT_EQ(At(table, -128), -5);
  EXPECT_EQ(At(table, 0), -123);
}

TEST(AbsTable, RescalesTheMagnitudeWithRoundingHalfUp) {
  const Int8Table table = Built(AbsTable({0.1f, 0, 0.2f, 0}));
  EXPECT_EQ(At(table, 1), 1);  // 0.5 -> 1
  EXPECT_EQ(At(table, -1), 1);
  EXPECT_EQ(At(table, 3), 2);  // 1.5 -> 2
  EXPECT_EQ(At(table, -3), 2);
  EXPECT_EQ(At(table, -128), 64);
  EXPECT_EQ(At(table, 127), 64);  // 63.5 -> 64
}

TEST(QuantizeTable, RequantizesWithRoundingHalfUp) {
  const Int8Table table = Built(QuantizeTable({0.1f, 0, 0.2f, 10}));
  EXPECT_EQ(At(table, -3), 9);  // -1.5 -> -1
  EXPECT_EQ(At(table, 3), 12);  // 1.5 -> 2
  EXPECT_EQ(At(table, -128), -54);
  EXPECT_EQ(At(table, 127), 74);
  const Int8Table narrow = Built(QuantizeTable({1.0f, 0, 0.01f, 0}));
  EXPECT_EQ(At(narrow, 2), 127);
  EXPECT_EQ(At(narrow, -2), -128);
  EXPECT_EQ(At(narrow, 1), 100);
}

TEST(QuantizeTable, SameQuantizationIsTheIdentity) {
  const Int8Table table = Built(QuantizeTable({0.37f, 12, 0.37f, 12}));
  for (int x = -128; x <= 127; ++x) EXPECT_EQ(At(table, x), x);
}

// A sweep over many quantizations (fixed seed): every table stays within one step of the real
// function, rounded on the output grid. Catches gross errors in shift and zero-point handling
// across scale ratios the hand-computed tests above do not reach.
TEST(Int8Tables, StayWithinOneStepOfTheRealFunctionOverManyQuantizations) {
  uint32_t state = 12345;
  auto next = [&state]() {
    state = state * 1664525u + 1013904223u;
    return state >> 8;
  };
  auto log_uniform = [&](double low, double high) {
    const double unit = static_cast<double>(next()) / static_cast<double>(1u << 24);
    return static_cast<float>(low * std::pow(high / low, unit));
  };
  auto zero_point = [&]() { return static_cast<int32_t>(next() % 256) - 128; };
  struct Checked {
    const char* op;
    std::function<Result<Int8Table>(const UnaryQuantization&)> build;
    std::function<double(double)> real;
    bool fixed_logistic_output = false;
    bool fixed_tanh_output = false;
  };
  const std::vector<Checked> ops = {
      {"RELU", ReluTable, [](double x) { return std::max(x, 0.0); }},
      {"LEAKY_RELU", [](const UnaryQuantization& q) { return LeakyReluTable(q, 0.2f); },
       [](double x) { return x >= 0 ? x : 0.2f * x; }},
      {"HARD_SWISH", HardSwishTable,
       [](double x) { return x * std::clamp(x + 3.0, 0.0, 6.0) / 6.0; }},
      {"ELU", EluTable, [](double x) { return x < 0 ? std::expm1(x) : x; }},
      {"ABS", AbsTable, [](double x) { return std::abs(x); }},
      {"QUANTIZE", QuantizeTable, [](double x) { return x; }},
      {"LOGISTIC", LogisticTable, [](double x) { return 1.0 / (1.0 + std::exp(-x)); }, true},
      {"TANH", TanhTable, [](double x) { return std::tanh(x); }, false, true},
  };
  for (int trial = 0; trial < 300; ++trial) {
    UnaryQuantization q{log_uniform(1e-4, 0.5), zero_point(), log_uniform(1e-4, 0.5), zero_point()};
    for (const Checked& c : ops) {
      UnaryQuantization used = q;
      if (c.fixed_logistic_output) used.output_scale = 1.0f / 256, used.output_zero_point = -128;
      if (c.fixed_tanh_output) used.output_scale = 1.0f / 128, used.output_zero_point = 0;
      auto table = c.build(used);
      if (!table.ok()) {
        // Only HARD_SWISH may refuse a realistic pair: when input / 128 / output >= 1.
        EXPECT_EQ(std::string(c.op), "HARD_SWISH") << table.status().message();
        EXPECT_GE(used.input_scale / 128.0 / used.output_scale, 0.99) << c.op;
        continue;
      }
      for (int x = -128; x <= 127; ++x) {
        const double real =
            c.real(static_cast<double>(used.input_scale) * (x - used.input_zero_point));
        const double ideal = std::clamp(
            std::round(real / used.output_scale) + used.output_zero_point, -128.0, 127.0);
        ASSERT_LE(std::abs(At(*table, x) - ideal), 1.0)
            << c.op << " trial " << trial << " x " << x << " scales " << used.input_scale << "/"
            << used.output_scale << " zps " << used.input_zero_point << "/"
            << used.output_zero_point;
      }
    }
  }
}

// Every builder refuses what no int8 tensor can carry, with kPlanInvalidGraph.
TEST(Int8Tables, RefuseInvalidScalesAndZeroPoints) {
  const float kNan = std::numeric_limits<float>::quiet_NaN();
  const float kInf = std::numeric_limits<float>::infinity();
  const std::vector<UnaryQuantization> invalid = {
      {0.0f, 0, 0.1f, -128},    {-0.1f, 0, 0.1f, -128}, {kNan, 0, 0.1f, -128},
      {kInf, 0, 0.1f, -128},    {0.1f, 0, 0.0f, -128},  {0.1f, 0, -1.0f, -128},
      {0.1f, 0, kNan, -128},    {0.1f, 0, kInf, -128},  {0.1f, 128, 0.1f, -128},
      {0.1f, -129, 0.1f, -128}, {0.1f, 0, 0.1f, -1000},
  };
  for (const auto& [op, builder] : Builders()) {
    if (op == "LEAKY_RELU") continue;  // needs options; covered below
    for (const UnaryQuantization& q : invalid) {
      auto table = builder(q, nullptr);
      ASSERT_FALSE(table.ok()) << op << " accepted scale " << q.input_scale << "/" << q.output_scale
                               << " zp " << q.input_zero_point << "/" << q.output_zero_point;
      EXPECT_EQ(table.status().code(), ErrorCode::kPlanInvalidGraph) << op;
      EXPECT_EQ(std::string(table.status().message()).rfind(op + " table: ", 0), 0u)
          << table.status().message();
    }
  }
  for (const UnaryQuantization& q : invalid) {
    EXPECT_FALSE(LeakyReluTable(q, 0.2f).ok());
  }
  EXPECT_FALSE(LeakyReluTable({0.1f, 0, 0.1f, 0}, kNan).ok());
  EXPECT_FALSE(LeakyReluTable({0.1f, 0, 0.1f, 0}, kInf).ok());
}

// Where TFLM's own arithmetic is undefined (shifts of 31 and more), there is no table to match.
TEST(Int8Tables, RefuseQuantizationWhereTflmArithmeticIsUndefined) {
  const UnaryQuantization huge_ratio{1.0e9f, 0, 0.1f, 0};  // ratio 1e10 needs a shift of 34
  EXPECT_FALSE(ReluTable(huge_ratio).ok());
  EXPECT_FALSE(AbsTable(huge_ratio).ok());
  EXPECT_FALSE(QuantizeTable(huge_ratio).ok());
  EXPECT_FALSE(LeakyReluTable(huge_ratio, 0.5f).ok());
  EXPECT_FALSE(EluTable(huge_ratio).ok());
  EXPECT_FALSE(LogisticTable({1.0e-9f, 0, 1.0f / 256, -128}).ok());  // negative left shift
  EXPECT_FALSE(TanhTable({1.0e-9f, 0, 1.0f / 128, 0}).ok());
  EXPECT_FALSE(Relu6Table({1.0e-12f, 0, 1.0f, 0}).ok());      // 6 / scale beyond int32
  EXPECT_FALSE(HardSwishTable({1.0e9f, 0, 1.0e8f, 0}).ok());  // reluish shift 37
  // Large but defined: a ratio of 2^20 still builds.
  EXPECT_TRUE(ReluTable({1048576.0f, 0, 1.0f, 0}).ok());
}

}  // namespace
}  // namespace arenastore::planner
