// Reference int8 space-to-batch, as TensorFlow Lite's SpaceToBatchND on bytes (NHWC): output
// batch (sy*block_w + sx)*B + b, pixel (y, x) reads padded input pixel (y*block_h + sy,
// x*block_w + sx) of batch b; padding reads the output zero point. Called through the kernel
// registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SpaceToBatchNdScratchBytes(const SpaceToBatchNdParams& params);

Status SpaceToBatchNd(const SpaceToBatchNdParams& params, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
