// Reference int8 squared difference with numpy broadcasting, bit-exact with TensorFlow Lite
// Micro's reference kernel: both offset inputs shifted left by left_shift and rescaled to a common
// scale (multipliers below one), subtracted, squared in int32, requantized with
// MultiplyByQuantizedMultiplier, offset and clamped to int8. Called through the kernel registry.
// Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (shapes that do not broadcast, shifts out of range).
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

}  // namespace arenastore::kernels::ref
