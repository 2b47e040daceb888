// Reference SHAPE of an int8 input: the int32 dims the params carry, as TensorFlow Lite Micro's
// kernel writes them. Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (a bad rank).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ShapeScratchBytes(const ShapeParams& params);

Status Shape(const ShapeParams& params, const int8_t* input, int32_t* output,
             std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
