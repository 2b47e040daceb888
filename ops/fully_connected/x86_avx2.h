// AVX2 int8 fully connected layer, bit-exact with kernels/ref/fully_connected: 16 inputs at a
// time widened to int16 and centred on their zero point once, multiplied by 8 weight rows (also
// centred) with VPMADDWD, the rows' lanes reduced by horizontal adds, 8 outputs requantized at
// once. Reads the weights in their canonical [output, input] layout, once per batch row: no
// packing, no scratch. Same params, operands and errors as ref. Never allocates;
// kKernelUnsupported when the CPU lacks AVX2 or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx2 {

// Always 0.
size_t FullyConnectedScratchBytes(const FullyConnectedParams& params);

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx2
