// QUANTIZE's int8-to-int8 lookup table (a requantization): the output TensorFlow Lite Micro's
// reference QUANTIZE produces for every int8 input when both tensors are int8. QUANTIZE from
// int16 or float inputs is not a 256-entry table and is not handled here.
// Called by the planner's lowering of an int8->int8 QUANTIZE. Mirrors TFLM's
// PrepareQuantizeReference and reference_ops::Requantize bit for bit. Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside int8, or a
// scale ratio of 2^30 or more (TFLM's arithmetic is undefined there).
Result<Int8Table> QuantizeTable(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
