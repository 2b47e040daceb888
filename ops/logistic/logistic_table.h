// LOGISTIC's int8 lookup table: TensorFlow Lite Micro's reference output for every int8 input.
// TFLM fixes the output to scale 1/256, zero point -128 (refuses another zero point, never reads
// the scale). Called by the planner's lowering of an int8 LOGISTIC. Mirrors TFLM's
// CalculateArithmeticOpDataLogistic and reference_integer_ops::Logistic (gemmlowp fixed-point
// logistic on Q4.27) bit for bit. Host-only (heap OK).
#pragma once

#include <cstdint>
#include <vector>

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside int8, an
// output zero point other than -128 (TFLM's Prepare refuses it), or an input scale outside
// [2^-28, 2^35) (TFLM's arithmetic is undefined there).
Result<Int8Table> LogisticTable(const UnaryQuantization& quantization);

// An int16 LOGISTIC's table (kernels/sigmoid_int16_table.h): TFLM's
// CalculateArithmeticOpDataLogistic rescaling and its sigmoid table. kPlanInvalidGraph for
// non-zero zero points, an output scale other than 2^-15, or an input scale whose multiplier
// falls outside [1, 32767] (TFLM's arithmetic overflows there).
Result<std::vector<int8_t>> LogisticInt16Table(const UnaryQuantization& quantization);

// What LOGISTIC and TANH share: `op` names the refusals; an input scale of 2^-12 times 2^s for s
// in [0, max_power_of_two_shift] takes TFLM's power-of-two path (LOGISTIC 0, TANH 1).
Result<std::vector<int8_t>> SigmoidInt16Table(const UnaryQuantization& quantization, const char* op,
                                              int32_t max_power_of_two_shift);

}  // namespace arenastore::planner
