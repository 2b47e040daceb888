// ABS's int8 lookup table: the output TensorFlow Lite Micro's reference ABS produces for every
// int8 input, given the input and output quantization.
// Called by the planner's lowering of an int8 ABS. Mirrors TFLM's elementwise.cc PrepareAbsRsqrt
// and AbsEvalQuantized bit for bit. Host-only (heap OK).
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside int8, or a
// scale ratio of 2^30 or more (TFLM's arithmetic is undefined there).
Result<Int8Table> AbsTable(const UnaryQuantization& quantization);

// TFLM's rescale of the magnitude (input scale / output scale, in double), refused as above:
// what the int16 kernel (ops/abs/ref.h) applies per element. Equal scales give 2^30 with a
// left shift of 1, an exact identity on int16 magnitudes, so it also serves TFLM's
// no-rescale path.
Result<FixedPointMultiplier> AbsRescale(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
