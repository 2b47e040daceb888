// RSQRT's int8 lookup table: the output TensorFlow Lite Micro's reference RSQRT produces for every
// int8 input, given the input and output quantization.
// Called by the planner's lowering of an int8 RSQRT. Mirrors TFLM's elementwise.cc
// (PrepareAbsRsqrt, RsqrtEvalQuantized) and GetInvSqrtQuantizedMultiplierExp (a gemmlowp
// Newton-Raphson in Q3.28) bit for bit. Host-only (heap OK).
// Inputs below the input zero point (negative reals) make TFLM's Invoke fail; their entries
// hold 127, the value TFLM gives the input zero itself.
#pragma once

#include "base/result.h"
#include "planner/int8_table.h"

namespace arenastore::planner {

// kPlanInvalidGraph for scales that are not positive and finite, zero points outside int8, or an
// output multiplier 1 / (sqrt(input scale) * output scale) of 2^30 or more or below 2^-12 (TFLM's
// arithmetic is undefined there).
Result<Int8Table> RsqrtTable(const UnaryQuantization& quantization);

// The output rescale alone, refused as above: what the int16 kernel (ops/rsqrt/ref.h) applies
// per element, its inputs being too many for a table.
Result<FixedPointMultiplier> RsqrtRescale(const UnaryQuantization& quantization);

}  // namespace arenastore::planner
