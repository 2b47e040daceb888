// How both x86 batch_matmul variants run: each output batch is a layer whose input rows are
// lhs's rows and whose weight rows are rhs's columns (rhs transposed). With a zero rhs zero
// point (and a non-empty depth) that layer is a 1x1 convolution over a one-row image of `rows`
// pixels, run on the ISA's conv2d register tiles with the per-tensor scale repeated per column;
// otherwise it is a fully connected layer on the ISA's fully_connected loops (which subtract a
// weight zero point). Operands stored the other way round (lhs with adj_x, rhs without adj_y)
// are transposed into scratch, once per distinct operand matrix.
// Scratch (BatchMatmulAsFcScratchBytes): the transposed lhs, the transposed rhs, then for the
// convolution the repeated multipliers and shifts and the conv2d's own scratch, each 64-byte
// aligned. Called by the portable entry files; freestanding, never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

// Runs one fully connected layer: `fc` is fully set up (batches = rows, input_depth = accum,
// output_depth = cols, per-tensor requantization), its input [rows, accum], filter [cols, accum].
using RunFcFn = void (*)(const FullyConnectedParams& fc, const int8_t* input, const int8_t* filter,
                         int8_t* output);

// The ISA's conv2d entry points (see x86_avx2/conv2d.h).
struct ConvRunner {
  size_t (*scratch_bytes)(const Conv2dParams& params);
  Status (*run)(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);
};

size_t BatchMatmulAsFcScratchBytes(const BatchMatmulParams& params, const ConvRunner& conv);

// Precondition: params checked, scratch holds BatchMatmulAsFcScratchBytes(params, conv) bytes.
Status RunBatchMatmulAsFc(const BatchMatmulParams& params, const int8_t* lhs, const int8_t* rhs,
                          int8_t* output, std::span<uint8_t> scratch, RunFcFn run_fc,
                          const ConvRunner& conv);

}  // namespace arenastore::kernels::x86
