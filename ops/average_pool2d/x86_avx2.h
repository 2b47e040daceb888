// x86_avx2 int8 average pooling, bit-exact with kernels/ref/average_pool2d. Windows of up to
// 256 elements whose columns fit a stack buffer (filter_w x channels <= 512, channels <= 256)
// are summed separably in int16 lanes, an output row at a time, and divided by one fma proven
// exact for those counts (as x86_avx512vnni). Other windows: each window's sums of 8 channels at
// a time in int32 lanes, divided by the window's count in float up to 65,536 elements and in
// double beyond (both exact: see the kernel file), with ref's rounding away from zero. A 1x1
// window is a clamped copy. Same
// params, operands and errors as ref (a window entirely in padding is refused up front). No
// scratch. Never allocates; kKernelUnsupported when the CPU lacks AVX2 or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx2 {

// Always 0.
size_t AveragePool2dScratchBytes(const Pool2dParams& params);

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx2
