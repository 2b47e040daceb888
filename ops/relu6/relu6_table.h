// RELU6's arithmetic as a kernels::PiecewiseRescale (the identity multiplier, clamped) and the
// int8 lookup table it makes: the output TensorFlow Lite Micro's reference RELU6 produces for
// every input (the int16 row computes it per element). TFLM does not requantize here: it clamps the
// raw input between q(0) and q(6) of the *input* quantization and ignores the output's scale and
// zero point. Called by the planner's lowering of an int8 RELU6. Mirrors TFLM's Relu6Prepare and
// Relu6Quantized bit for bit. Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside `range`,
// or an input scale so small that 6 / scale overflows int32 (undefined in TFLM).
Result<kernels::PiecewiseRescale> Relu6Rescale(const UnaryQuantization& quantization,
                                               ValueRange range);

// Relu6Rescale over int8, evaluated for every int8 input.
Result<Int8Table> Relu6Table(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
