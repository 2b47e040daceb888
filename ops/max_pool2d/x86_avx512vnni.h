// x86_avx512vnni int8 max pooling, bit-exact with kernels/ref/max_pool2d: the maximum of the
// in-bounds part of each window (-128 if none is), 64 channels per zmm under a byte mask, clamped
// to the activation range as ref does (x86_common/pool2d_entry.h's Int8Clamp). When a window's
// columns fit a stack buffer (filter_w x channels <= 1024, channels <= 512) an output row is
// pooled separably: the clamped maxima of the window rows of every column it reads, then of
// filter_w neighbouring columns (with stride 2 and 8, 16 or 32 channels, every other pixel of
// the stride-1 maxima gathered by a permute); otherwise pixel by pixel. Same params,
// operands and errors as ref. No scratch. Never allocates; kKernelUnsupported when the CPU lacks
// AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

// Always 0.
size_t MaxPool2dScratchBytes(const Pool2dParams& params);

Status MaxPool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx512vnni
