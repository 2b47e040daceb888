// Reference kernel of resize_nearest_neighbor: each output pixel copies the input pixel TensorFlow
// Lite Micro's RESIZE_NEAREST_NEIGHBOR picks (its float coordinate arithmetic, rounded with
// align_corners, floored otherwise). Called through the kernel registry. Scratch: none. Never
// allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad sizes or
// flags).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ResizeNearestNeighborScratchBytes(const ResizeNearestNeighborParams& params);

Status ResizeNearestNeighbor(const ResizeNearestNeighborParams& params, const int8_t* input,
                             int8_t* output, std::span<uint8_t> scratch);
Status ResizeNearestNeighborInt16(const ResizeNearestNeighborParams& params, const int16_t* input,
                                  int16_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
