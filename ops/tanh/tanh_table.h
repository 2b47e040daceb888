// TANH's int8 lookup table: TensorFlow Lite Micro's reference output for every int8 input. TFLM
// writes units of 1/128 around zero point 0 and never reads (nor checks) the output quantization.
// Called by the planner's lowering of an int8 TANH. Mirrors TFLM's tanh.cc
// CalculateArithmeticOpData and reference_integer_ops::Tanh (gemmlowp fixed-point tanh on Q4.27)
// bit for bit. Host-only (heap OK).
#pragma once

#include <cstdint>
#include <vector>

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside int8, or an
// input scale outside [2^-28, 2^35) (TFLM's arithmetic is undefined there).
Result<Int8Table> TanhTable(const UnaryQuantization& quantization);

// An int16 TANH's table (kernels/sigmoid_int16_table.h): TFLM's tanh.cc rescaling (input
// scales 2^-12 and 2^-11 take the power-of-two path) and the sigmoid table it shares with
// LOGISTIC. Refusals as LogisticInt16Table (ops/logistic/logistic_table.h).
Result<std::vector<int8_t>> TanhInt16Table(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
