// Reference int8 batch-to-space, as TensorFlow Lite's BatchToSpaceND on bytes (NHWC): input
// batch (oy*block_w + ox)*B + b fills output pixels (h*block_h + oy - crop_top,
// w*block_w + ox - crop_left) of batch b. Called through the kernel registry. Scratch: none.
// Never allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t BatchToSpaceNdScratchBytes(const BatchToSpaceNdParams& params);

Status BatchToSpaceNd(const BatchToSpaceNdParams& params, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
