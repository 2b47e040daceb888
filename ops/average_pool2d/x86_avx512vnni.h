// x86_avx512vnni int8 average pooling, bit-exact with kernels/ref/average_pool2d. Windows of up
// to 256 elements whose columns fit a stack buffer (filter_w x channels <= 512, channels <=
// 256) are summed separably in int16 lanes, an output row at a time (row sums of every column
// the row reads, then sums of filter_w neighbouring columns; with stride 2 and 4, 8 or 16
// channels, every other pixel of the stride-1 sums gathered by a permute), and divided by one
// float fma proven exact for those counts (see the kernel file); where windows are clipped by
// the padding, by a float division with a count per lane. Other windows: each
// window's sums of 16 channels at a time in int32 lanes (at most 8 remaining in a ymm), divided
// by the window's count in float up to 65,536 elements and in double beyond (both exact), with
// ref's rounding away from zero. A 1x1 window is a clamped copy. Same
// params, operands and errors as ref (a window entirely in padding is refused up front). No
// scratch. Never allocates; kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

// Always 0.
size_t AveragePool2dScratchBytes(const Pool2dParams& params);

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx512vnni
