// Reference int8 slice, as TensorFlow Lite's Slice on bytes: along each input dimension, count
// elements from begin. Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (a walk outside the
// input, bad rank).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SliceScratchBytes(const SliceParams& params);

Status Slice(const SliceParams& params, const int8_t* input, int8_t* output,
             std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
