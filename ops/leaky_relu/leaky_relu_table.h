// LEAKY_RELU's int8 lookup table: the output TensorFlow Lite Micro's reference LEAKY_RELU
// produces for every int8 input, given the quantization and the op's alpha.
// Called by the planner's lowering of an int8 LEAKY_RELU. Mirrors TFLM's
// CalculateOpDataLeakyRelu (Prepare) and reference_ops::QuantizeLeakyRelu (Eval) bit for bit.
// Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// `alpha` is LeakyReluOptions.alpha as stored (float). kPlanInvalidGraph for scales that are not
// positive and finite, zero points outside int8, a non-finite alpha, or a multiplier of 2^30 or
// more (TFLM's arithmetic is undefined there).
Result<Int8Table> LeakyReluTable(const UnaryQuantization& quantization, float alpha);

}  // namespace arenastore::planner
