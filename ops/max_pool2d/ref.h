// Reference int8 and int16 max pooling, bit-exact with TensorFlow Lite's reference kernels: the
// maximum of the in-bounds part of each window (the type's lowest if none is), clamped to the
// activation range. Called through the kernel registry. Scratch: none (MaxPool2dScratchBytes is 0);
// the output pixel itself is the running maximum. Never allocates. Errors: kKernelScratchTooSmall
// (checked builds), kKernelInvalidParams (bad sizes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t MaxPool2dScratchBytes(const Pool2dParams& params);

Status MaxPool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch);
Status MaxPool2dInt16(const Pool2dParams& params, const int16_t* input, int16_t* output,
                      std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
