// How both x86 batch_matmul variants run: each output batch is a fully connected layer whose
// input rows are lhs's rows and whose weight rows are rhs's columns (rhs transposed), sharing the
// ISA's fully_connected inner loops. Operands stored the other way round (lhs with adj_x, rhs
// without adj_y) are transposed into scratch, once per distinct operand matrix.
// Scratch (BatchMatmulAsFcScratchBytes): the transposed lhs (64-byte aligned), then the
// transposed rhs. Called by the portable entry files; freestanding, never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

size_t BatchMatmulAsFcScratchBytes(const BatchMatmulParams& params);

// Runs one fully connected layer: `fc` is fully set up (batches = rows, input_depth = accum,
// output_depth = cols, per-tensor requantization), its input [rows, accum], filter [cols, accum].
using RunFcFn = void (*)(const FullyConnectedParams& fc, const int8_t* input, const int8_t* filter,
                         int8_t* output);

// Precondition: params checked, scratch holds BatchMatmulAsFcScratchBytes(params) bytes.
void RunBatchMatmulAsFc(const BatchMatmulParams& params, const int8_t* lhs, const int8_t* rhs,
                        int8_t* output, std::span<uint8_t> scratch, RunFcFn run_fc);

}  // namespace arenastore::kernels::x86
