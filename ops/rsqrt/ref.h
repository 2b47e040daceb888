// Reference int16 (16x8) RSQRT, bit-exact with TensorFlow Lite Micro's reference kernel: 1 /
// sqrt(x) of each input (zero points are 0, as TFLM's Prepare requires) by gemmlowp's
// Newton-Raphson (kernels/inv_sqrt.h), scaled by 2^20, rescaled to the output and clamped to
// int16; zero gives 32767, as TFLM's, and so does a negative input (TFLM's Invoke fails there;
// the int8 table gives it its maximum too). The int8 RSQRT is a table lookup; this kernel reads
// its rescale from the same params, whose table holds the record of kernels/int16_rescale.h.
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (no record, a negative count,
// a shift out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

Status RsqrtInt16(const RsqrtParams& params, const int16_t* input, int16_t* output,
                  std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
