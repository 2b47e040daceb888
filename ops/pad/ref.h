// Reference int8 and int16 constant padding, as TensorFlow Lite's Pad with the fill the params
// carry (the lowering's TFLM default, or PADV2's constant): every dimension of rank <= kMaxPadRank
// grows by before + after. Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad rank, negative sizes
// or padding, pad value outside the element type).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t PadScratchBytes(const PadParams& params);

Status Pad(const PadParams& params, const int8_t* input, int8_t* output,
           std::span<uint8_t> scratch);
Status PadInt16(const PadParams& params, const int16_t* input, int16_t* output,
                std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
