#include "ops/logistic/logistic_table.h"

#include <cmath>

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "kernels/sigmoid_int16_table.h"
#include "kernels/sigmoid_q16_table.h"

namespace arenastore::planner {

namespace logistic_table {

namespace fp = kernels::fixed_point;

// gemmlowp::logistic on a Q4.27 raw value, Q0.31 result: 1 / (1 + exp(-|a|)) for the magnitude,
// 1 minus that for negative a, exactly one half for zero.
int32_t GemmlowpLogisticQ4(int32_t a) {
  const int32_t magnitude = a > 0 ? a : -a;  // |a| < 15 * 2^27: no overflow
  const int32_t if_positive = fp::OneOverOnePlusXForXIn0To1(fp::ExpOnNegativeValues<4>(-magnitude));
  if (a == 0) return 1 << 30;
  return a > 0 ? if_positive : fp::WrappingSub(fp::kQ0One, if_positive);
}

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

}  // namespace logistic_table

Result<std::vector<int8_t>> SigmoidInt16Table(const UnaryQuantization& q, const char* op,
                                              int32_t max_power_of_two_shift) {
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, op));
  if (q.input_zero_point != 0 || q.output_zero_point != 0) {
    return TableError(op, "int16 zero points are {} and {}; TFLM requires 0 for both",
                      q.input_zero_point, q.output_zero_point);
  }
  int32_t output_log2 = 0;
  if (!logistic_table::CheckedLog2(q.output_scale, &output_log2) || output_log2 != -15) {
    return TableError(op, "int16 output scale is {}; TFLM requires 2^-15", q.output_scale);
  }
  // TFLM's Prepare: an input scale of 2^-12 (TANH: also 2^-11) runs as a power of two, marked by
  // multiplier 0; any other scale becomes input_scale * 3 * 4096 doubled until above 32767 / 2.
  constexpr int kInputIntegerBits = 3;
  int32_t input_log2 = 0;
  const bool power_of_two = logistic_table::CheckedLog2(q.input_scale, &input_log2);
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
  logistic_table::AppendLittleEndian(static_cast<uint32_t>(multiplier), 4, &table);
  logistic_table::AppendLittleEndian(static_cast<uint32_t>(left_shift), 4, &table);
  for (const uint16_t entry : kernels::kSigmoidQ16Table)
    logistic_table::AppendLittleEndian(entry, 2, &table);
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
  // The fixed-point logistic rounded from Q0.31 to units of 1/256 (divide by 2^23) and shifted by
  // the fixed output zero point -128.
  return MapQ4Saturated(q, scaling, [](int32_t input_q4) {
    const int32_t output_q0 = logistic_table::GemmlowpLogisticQ4(input_q4);
    return ClampToInt8(kernels::RoundingDivideByPOT(output_q0, 31 - 8) - 128);
  });
}

}  // namespace arenastore::planner
