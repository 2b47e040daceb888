// Reference int8 and int16 constant padding, as TensorFlow Lite's Pad with the fill the params
// carry (the lowering's TFLM default, or PADV2's constant): every dimension of rank <= kMaxPadRank
// grows by before + after. Called through the kernel registry. Scratch: none. Never allocates.
// Over its input (ExecForm::kOverInput, int8): the same kernel. The output ends at the input's
// last byte, and each element is written at or before the input element it copies (the output
// elements before it are the input's before it plus at most every fill), in increasing order, so
// no input element is overwritten before it is read.
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
// Every pad has the over-input form; it needs no scratch either.
bool PadOverInputApplies(const PadParams& params);

Status Pad(const PadParams& params, const int8_t* input, int8_t* output,
           std::span<uint8_t> scratch);
Status PadInt16(const PadParams& params, const int16_t* input, int16_t* output,
                std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
