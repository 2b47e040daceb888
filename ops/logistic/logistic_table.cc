#include "ops/logistic/logistic_table.h"

#include <cmath>

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "ops/logistic/sigmoid_int16_table.h"

namespace arenastore::planner {

namespace {

namespace fp = kernels::fixed_point;

// gemmlowp::logistic on a Q4.27 raw value, Q0.31 result: 1 / (1 + exp(-|a|)) for the magnitude,
// 1 minus that for negative a, exactly one half for zero.
int32_t GemmlowpLogisticQ4(int32_t a) {
  const int32_t magnitude = a > 0 ? a : -a;  // |a| < 15 * 2^27: no overflow
  const int32_t if_positive = fp::OneOverOnePlusXForXIn0To1(fp::ExpOnNegativeValues<4>(-magnitude));
  if (a == 0) return 1 << 30;
  return a > 0 ? if_positive : fp::WrappingSub(fp::kQ0One, if_positive);
}

// TFLM's sigmoid_table_uint16: sigmoid(i / 24) in units of 2^-16, the values TFLM ships as
// constants (they are not a plain rounding of the function, so they are data, not derived here).
constexpr uint16_t kSigmoidTable[kernels::kSigmoidInt16Entries] = {
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149, 40794,
    41432, 42064, 42688, 43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369, 47911, 48443,
    48964, 49475, 49975, 50464, 50942, 51409, 51865, 52311, 52745, 53169, 53581, 53983, 54374,
    54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433, 57724, 58007, 58280, 58544,
    58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110, 61279,
    61441, 61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886, 62990,
    63090, 63186, 63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835, 63903, 63968, 64030,
    64090, 64148, 64204, 64257, 64308, 64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652,
    64687, 64721, 64754, 64786, 64816, 64845, 64873, 64900, 64926, 64950, 64974, 64997, 65019,
    65039, 65060, 65079, 65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208, 65221, 65234,
    65246, 65258, 65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360,
    65367, 65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433,
    65438, 65442, 65445, 65449, 65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474, 65476,
    65479, 65481, 65483, 65485, 65488, 65489, 65491, 65493, 65495, 65497, 65498, 65500, 65501,
    65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513, 65514, 65515, 65516,
    65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524,
    65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529, 65529,
    65529, 65530, 65530, 65530, 65530, 65531, 65531, 65531, 65531, 65531, 65532, 65532, 65532,
    65532, 65532, 65532, 65533, 65533, 65533, 65533, 65533, 65533, 65533, 65533, 65534, 65534,
    65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65535,
};

// TFLM's CheckedLog2: whether `x` is within 1e-3 of a power of two in log2 (float arithmetic, as
// TFLM), with the rounded exponent.
bool CheckedLog2(float x, int32_t* log2_rounded) {
  const float x_log2 = std::log(x) * (1.0f / std::log(2.0f));
  const float rounded = std::round(x_log2);
  *log2_rounded = static_cast<int32_t>(rounded);
  return std::fabs(x_log2 - rounded) < 1e-3f;
}

void AppendLittleEndian(uint32_t value, int bytes, std::vector<int8_t>* table) {
  for (int i = 0; i < bytes; ++i) table->push_back(static_cast<int8_t>((value >> (8 * i)) & 0xFF));
}

}  // namespace

Result<std::vector<int8_t>> SigmoidInt16Table(const UnaryQuantization& q, const char* op,
                                              int32_t max_power_of_two_shift) {
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, op));
  if (q.input_zero_point != 0 || q.output_zero_point != 0) {
    return TableError(op, "int16 zero points are {} and {}; TFLM requires 0 for both",
                      q.input_zero_point, q.output_zero_point);
  }
  int32_t output_log2 = 0;
  if (!CheckedLog2(q.output_scale, &output_log2) || output_log2 != -15) {
    return TableError(op, "int16 output scale is {}; TFLM requires 2^-15", q.output_scale);
  }
  // TFLM's Prepare: an input scale of 2^-12 (TANH: also 2^-11) runs as a power of two, marked by
  // multiplier 0; any other scale becomes input_scale * 3 * 4096 doubled until above 32767 / 2.
  constexpr int kInputIntegerBits = 3;
  int32_t input_log2 = 0;
  const bool power_of_two = CheckedLog2(q.input_scale, &input_log2);
  int32_t left_shift = (15 - kInputIntegerBits) + input_log2;
  int32_t multiplier = 0;
  if (!power_of_two || left_shift < 0 || left_shift > max_power_of_two_shift) {
    double real = static_cast<double>(q.input_scale) * 4096.0 * 3.0;
    left_shift = 0;
    while (real <= 32767.0 / 2.0 && left_shift <= 30) {
      ++left_shift;
      real *= 2.0;
    }
    if (!(real >= 1.0 && real < kernels::kMaxSigmoidInt16Multiplier + 1.0)) {  // truncated below
      return TableError(op,
                        "int16 input scale {} gives input multiplier {}, outside TFLM's [1, {}]",
                        q.input_scale, real, kernels::kMaxSigmoidInt16Multiplier);
    }
    multiplier = static_cast<int32_t>(real);
  }
  std::vector<int8_t> table;
  table.reserve(kernels::kSigmoidInt16TableBytes);
  AppendLittleEndian(static_cast<uint32_t>(multiplier), 4, &table);
  AppendLittleEndian(static_cast<uint32_t>(left_shift), 4, &table);
  for (const uint16_t entry : kSigmoidTable) AppendLittleEndian(entry, 2, &table);
  return table;
}

Result<std::vector<int8_t>> LogisticInt16Table(const UnaryQuantization& q) {
  return SigmoidInt16Table(q, "LOGISTIC", 0);
}

Result<Int8Table> LogisticTable(const UnaryQuantization& q) {
  constexpr const char* kOp = "LOGISTIC";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  if (q.output_zero_point != -128) {
    return TableError(kOp, "output zero point is {}; TFLM's int8 LOGISTIC requires -128",
                      q.output_zero_point);
  }
  ARENASTORE_ASSIGN_OR_RETURN(const Q4InputScaling scaling,
                              ComputeQ4InputScaling(q.input_scale, kOp));
  // Eval: saturate outside the radius (checked low end first, so a radius of 0 sends 0 to -128),
  // else rescale to Q4.27, take the fixed-point logistic, round from Q0.31 to units of 1/256
  // (divide by 2^23) and shift by the fixed output zero point -128.
  return MapEveryInt8([&](int32_t value) -> int32_t {
    const int32_t centred = value - q.input_zero_point;
    if (centred <= -scaling.radius) return -128;
    if (centred >= scaling.radius) return 127;
    const int32_t input_q4 =
        kernels::MultiplyByQuantizedMultiplier(centred, scaling.multiplier, scaling.left_shift);
    const int32_t output_q0 = GemmlowpLogisticQ4(input_q4);
    return ClampToInt8(kernels::RoundingDivideByPOT(output_q0, 31 - 8) - 128);
  });
}

}  // namespace arenastore::planner
