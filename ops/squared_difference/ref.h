// Reference int8 and int16 squared difference with numpy broadcasting, bit-exact with TensorFlow
// Lite Micro's reference kernel: both offset inputs shifted left by left_shift (7 for int8, 0
// for int16) and rescaled to a common scale (multipliers below one), subtracted, squared in
// int32, requantized with MultiplyByQuantizedMultiplier, offset and clamped to the type (TFLM's
// int16 kernel requires zero points of 0). Called through the kernel registry. Scratch: none.
// Never allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (shapes
// that do not broadcast, shifts or offsets out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SquaredDifferenceScratchBytes(const SquaredDifferenceParams& params);

Status SquaredDifference(const SquaredDifferenceParams& params, const int8_t* input1,
                         const int8_t* input2, int8_t* output, std::span<uint8_t> scratch);
Status SquaredDifferenceInt16(const SquaredDifferenceParams& params, const int16_t* input1,
                              const int16_t* input2, int16_t* output, std::span<uint8_t> scratch);

// CheckSquaredDifferenceParams for int16 operands (squared_difference.cc): no left shift and
// zero offsets.
Status CheckInt16SquaredDifferenceParams(const SquaredDifferenceParams& params, const char* kernel);

}  // namespace arenastore::kernels::ref
