// Reference int8 elementwise division with numpy broadcasting, bit-exact with TensorFlow Lite
// Micro's reference kernel: both inputs offset, signs moved onto the dividend, the divisor's
// Q0.31 reciprocal (gemmlowp's 1/(1+x)) times the dividend normalized by its headroom, then one
// rescale by output_multiplier with the shifts folded in. Called through the kernel registry.
// Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (shapes that do not broadcast, shift or offsets out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t DivScratchBytes(const DivParams& params);

Status Div(const DivParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
