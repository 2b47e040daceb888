// RELU's arithmetic: the rescale TensorFlow Lite Micro's reference RELU applies, given the input
// and output quantization, and the int8 lookup table it makes (the int16 row computes it per
// element, kernels/piecewise_rescale.h).
// Called by the planner's lowering of RELU. Mirrors TFLM's CalculateReluOpData (Prepare) and
// ReluQuantized (Eval) bit for bit. Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "kernels/piecewise_rescale.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside `range`
// (for int16, any but 0: TFLM's Prepare refuses them), or a scale ratio of 2^30 or more
// (TFLM's arithmetic is undefined there).
Result<kernels::PiecewiseRescale> ReluRescale(const UnaryQuantization& quantization,
                                              ValueRange range);

// ReluRescale over int8, evaluated for every int8 input.
Result<Int8Table> ReluTable(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
