// LEAKY_RELU's arithmetic (a kernels::PiecewiseRescale with TFLM's two multipliers) and the int8
// lookup table it makes: the output TensorFlow Lite Micro's reference LEAKY_RELU produces for
// every input, given the quantization and the op's alpha (the int16 row computes it per element).
// Called by the planner's lowering of an int8 LEAKY_RELU. Mirrors TFLM's
// CalculateOpDataLeakyRelu (Prepare) and reference_ops::QuantizeLeakyRelu (Eval) bit for bit.
// Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// `alpha` is LeakyReluOptions.alpha as stored (float). kPlanInvalidGraph for scales that are not
// positive and finite, zero points outside `range`, a non-finite alpha, or a multiplier of 2^30
// or more (TFLM's arithmetic is undefined there).
Result<kernels::PiecewiseRescale> LeakyReluRescale(const UnaryQuantization& quantization,
                                                   float alpha, ValueRange range);

// LeakyReluRescale over int8, evaluated for every int8 input.
Result<Int8Table> LeakyReluTable(const UnaryQuantization& quantization, float alpha);

}  // namespace arenastore::planner
