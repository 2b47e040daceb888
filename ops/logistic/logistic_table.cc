#include "ops/logistic/logistic_table.h"

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"

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

}  // namespace

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
