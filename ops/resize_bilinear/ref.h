// Reference kernel of resize_bilinear: each output pixel interpolates its four nearest input pixels
// in 2^-10 pixel fixed point, as TensorFlow Lite Micro's RESIZE_BILINEAR (ResizeBilinearInteger)
// does for int8. Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad sizes or flags).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ResizeBilinearScratchBytes(const ResizeBilinearParams& params);

Status ResizeBilinear(const ResizeBilinearParams& params, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
