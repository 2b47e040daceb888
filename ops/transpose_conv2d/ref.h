// Reference int8 and 16x8 transposed convolution, bit-exact with TensorFlow Lite's TransposeConv
// of either width:
// every input pixel scatters (input - input_zp) * filter into the output window it maps to
// (stride, padding as the convolution it inverts), then bias, per-channel requantization, clamp.
// Called through the kernel registry; the oracle of every variant. Scratch
// (TransposeConv2dScratchBytes): int32 accumulators for the whole output of one batch, 4-byte
// aligned, as TensorFlow Lite's reference scatter-adds before requantizing. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (parameters that would
// read out of bounds, misaligned scratch).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

// 4 * output_h * output_w * output_c.
size_t TransposeConv2dScratchBytes(const TransposeConv2dParams& params);

// `filter` is [output_c, filter_h, filter_w, input_c]; `bias` may be null; `output` is
// [batches, output_h, output_w, output_c].
Status TransposeConv2d(const TransposeConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

// 16x8 (TensorFlow Lite's int16 TransposeConv with an int64 bias or none): 8 * batches *
// output_h * output_w * output_c, the int64 accumulators of the whole output that TensorFlow
// Lite Micro requests (each batch its own, 8-byte aligned).
size_t TransposeConv2dInt16ScratchBytes(const TransposeConv2dParams& params);

// Zero points 0; int64 sums and bias, the 64-bit MultiplyByQuantizedMultiplier. `bias` may be
// null.
Status TransposeConv2dInt16(const TransposeConv2dParams& params, const int16_t* input,
                            const int8_t* filter, const int64_t* bias, int16_t* output,
                            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
