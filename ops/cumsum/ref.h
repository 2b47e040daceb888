// Reference int8 cumulative sum, bit-exact with TensorFlow Lite Micro's reference kernel: along
// each line of the axis, an accumulator seeded with the rescaled input offset itself (TFLM's
// quirk: the raw value 0, not the zero point) gains each offset element shifted left by
// left_shift and rescaled; every partial sum (before or after the element's own, as exclusive
// says) is requantized and clamped. Sums wrap modulo 2^32 where TFLM's int32 would overflow.
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (sizes, flags, shifts or
// offsets out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t CumsumScratchBytes(const CumsumParams& params);

Status Cumsum(const CumsumParams& params, const int8_t* input, int8_t* output,
              std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
