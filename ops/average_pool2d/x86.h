// average_pool2d's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::AveragePool2d<isa>
// (x86.cc, over x86_common/pool2d_entry.h), named x86_avx2::AveragePool2d and
// x86_avx512vnni::AveragePool2d for the registry rows and tests, and each ISA's kernel-file
// function. Bit-exact with ref: same params, operands and errors. No scratch. Never allocates;
// kKernelUnsupported when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/pool2d_entry.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
struct AveragePool2d {
  static size_t ScratchBytes(const Pool2dParams& params);  // always 0
  // A window entirely in padding is refused up front, as ref refuses it.
  static Status Eval(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);
};
extern template struct AveragePool2d<Isa::kX86Avx2>;
extern template struct AveragePool2d<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

// Both kernels sum windows of up to 256 elements whose columns fit a stack buffer (filter_w x
// channels <= 512, channels <= 256) separably in int16 lanes, an output row at a time, and divide
// by one fma proven exact for those counts. Other windows: each window's sums in int32 lanes,
// divided by the window's count in float up to 65,536 elements and in double beyond (both exact:
// see the kernel files), with ref's rounding away from zero. A 1x1 window is a clamped copy.

// Other windows 8 channels at a time.
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& AveragePool2dScratchBytes = x86::AveragePool2d<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& AveragePool2d = x86::AveragePool2d<Isa::kX86Avx2>::Eval;
namespace internal {
void RunAveragePool2d(const x86::Pool2dJob& job);  // average_pool2d/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// Separable rows: the row sums of every column the row reads, then sums of filter_w neighbouring
// columns (with stride 2 and 4, 8 or 16 channels, every other pixel of the stride-1 sums gathered
// by a permute); where windows are clipped by the padding, a float division with a count per
// lane. Other windows 16 channels at a time (at most 8 remaining in a ymm).
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& AveragePool2dScratchBytes =
    x86::AveragePool2d<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& AveragePool2d = x86::AveragePool2d<Isa::kX86Avx512Vnni>::Eval;
namespace internal {
void RunAveragePool2d(const x86::Pool2dJob& job);  // average_pool2d/x86_avx512vnni_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni
