// Reference int8 and int16 batched matrix multiply, bit-exact with TensorFlow Lite's BatchMatMul
// of either width:
// out[b] = (lhs[b] - lhs_zp) x (rhs[b] - rhs_zp), requantized per tensor, with numpy
// broadcasting over 3 leading batch dims and optional transposes (adj_x, adj_y) read in place.
// Called through the kernel registry; the oracle of every variant. Needs no scratch.
// Never allocates. Errors: kKernelScratchTooSmall (checked builds, never for 0 bytes),
// kKernelInvalidParams (batch dims that do not broadcast, bad sizes or shift).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

// Always 0.
size_t BatchMatmulScratchBytes(const BatchMatmulParams& params);

// `output` is [max(lhs_batch, rhs_batch)..., rows, cols], row-major.
Status BatchMatmul(const BatchMatmulParams& params, const int8_t* lhs, const int8_t* rhs,
                   int8_t* output, std::span<uint8_t> scratch);

// 16x8's matrix product, TensorFlow Lite's BatchMatMul<int16_t, int64_t>: int16 operands with
// zero points 0, int64 sums, the 64-bit MultiplyByQuantizedMultiplier. Always 0, as TensorFlow
// Lite Micro requests none.
size_t BatchMatmulInt16ScratchBytes(const BatchMatmulParams& params);

Status BatchMatmulInt16(const BatchMatmulParams& params, const int16_t* lhs, const int16_t* rhs,
                        int16_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
