// LOGISTIC's int8 lookup table: TensorFlow Lite Micro's reference output for every int8 input.
// TFLM fixes the output to scale 1/256, zero point -128 (refuses another zero point, never reads
// the scale). Called by the planner's lowering of an int8 LOGISTIC. Mirrors TFLM's
// CalculateArithmeticOpDataLogistic and reference_integer_ops::Logistic (gemmlowp fixed-point
// logistic on Q4.27) bit for bit. Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside int8, an
// output zero point other than -128 (TFLM's Prepare refuses it), or an input scale outside
// [2^-28, 2^35) (TFLM's arithmetic is undefined there).
Result<Int8Table> LogisticTable(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
