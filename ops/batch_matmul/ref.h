// Reference int8 batched matrix multiply, bit-exact with TensorFlow Lite's int8 BatchMatMul:
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

}  // namespace arenastore::kernels::ref
