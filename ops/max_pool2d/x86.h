// max_pool2d's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::MaxPool2d<isa> (x86.cc,
// over x86_common/pool2d_entry.h), named x86_avx2::MaxPool2d and x86_avx512vnni::MaxPool2d for
// the registry rows and tests, and each ISA's kernel-file function. Bit-exact with ref: same
// params, operands and errors. No scratch. Never allocates; kKernelUnsupported when the CPU lacks
// the ISA or off x86-64.
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
struct MaxPool2d {
  static size_t ScratchBytes(const Pool2dParams& params);  // always 0
  static Status Eval(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);
};
extern template struct MaxPool2d<Isa::kX86Avx2>;
extern template struct MaxPool2d<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

// Both kernels take the maximum of the in-bounds part of each window (-128 if none is), clamped
// to the activation range as ref does (Int8Clamp). When a window's columns fit a stack buffer
// (filter_w x channels <= 1024, channels <= 512) an output row is pooled separably: the clamped
// maxima of the window rows of every column it reads, then of filter_w neighbouring columns;
// otherwise pixel by pixel.

// 32 channels per ymm (16 or 8 per xmm, the last few one at a time).
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& MaxPool2dScratchBytes = x86::MaxPool2d<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& MaxPool2d = x86::MaxPool2d<Isa::kX86Avx2>::Eval;
namespace internal {
void RunMaxPool2d(const x86::Pool2dJob& job);  // max_pool2d/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 64 channels per zmm under a byte mask; with stride 2 and 8, 16 or 32 channels, every other
// pixel of the stride-1 maxima gathered by a permute.
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& MaxPool2dScratchBytes = x86::MaxPool2d<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& MaxPool2d = x86::MaxPool2d<Isa::kX86Avx512Vnni>::Eval;
namespace internal {
void RunMaxPool2d(const x86::Pool2dJob& job);  // max_pool2d/x86_avx512vnni_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni
