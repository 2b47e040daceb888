// Reference int8 ARG_MAX / ARG_MIN to int32 indices, bit-exact with TensorFlow Lite Micro's
// reference kernel (arg_min_max.cc): per (outer, inner) position, the first index along the
// axis whose value is strictly larger (smaller) than every earlier one. Called through the kernel
// registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (bad kind or sizes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ArgMinMaxScratchBytes(const ArgMinMaxParams& params);

Status ArgMinMax(const ArgMinMaxParams& params, const int8_t* input, int32_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
