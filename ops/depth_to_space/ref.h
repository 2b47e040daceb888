// Reference int8 depth-to-space, as TensorFlow Lite's DepthToSpace on bytes (NHWC): each
// channel vector splits into block*block vectors laid out as a block x block spatial tile.
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (a walk outside the input).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t DepthToSpaceScratchBytes(const DepthToSpaceParams& params);

Status DepthToSpace(const DepthToSpaceParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
