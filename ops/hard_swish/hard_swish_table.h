// HARD_SWISH's int8 lookup table: the output TensorFlow Lite Micro's reference HARD_SWISH
// produces for every int8 input, given the input and output quantization.
// Called by the planner's lowering of an int8 HARD_SWISH. Mirrors TFLM's HardSwishPrepare and
// reference_ops::HardSwish (16-bit fixed point: "reluish" multiplier, int16 output multiplier)
// bit for bit. Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside int8, an
// output multiplier (input_scale / 128 / output_scale) that needs a left shift (TFLM's Prepare
// refuses it: roughly input_scale >= 128 * output_scale), or an input scale above about 1e7 (a
// reluish left shift above 30; one more and TFLM's `1 << amount` is undefined).
Result<Int8Table> HardSwishTable(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
