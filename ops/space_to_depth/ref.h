// Reference int8 space-to-depth, as TensorFlow Lite's SpaceToDepth on bytes (NHWC): each
// block x block tile of a channel vector becomes block*block consecutive channel vectors.
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (a walk outside the input).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SpaceToDepthScratchBytes(const SpaceToDepthParams& params);

Status SpaceToDepth(const SpaceToDepthParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
