// resize_bilinear's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::ResizeBilinear<isa>
// (x86.cc), named x86_avx2::ResizeBilinear and x86_avx512vnni::ResizeBilinear for the registry
// rows and tests, and each ISA's kernel-file function. Both walk the output pixels as ref does
// (bilinear_taps.h) and blend a pixel's channels in int32 vectors, the last few channels as ref
// does. Bit-exact with ref: same params, operands and errors. No scratch. Never allocates;
// kKernelUnsupported when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

// An ISA's kernel-file function, over checked params.
using ResizeBilinearKernel = void (*)(const ResizeBilinearParams& params, const int8_t* input,
                                      int8_t* output);

template <Isa kIsa>
struct ResizeBilinear {
  static size_t ScratchBytes(const ResizeBilinearParams& params);  // always 0
  static Status Eval(const ResizeBilinearParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);
};
extern template struct ResizeBilinear<Isa::kX86Avx2>;
extern template struct ResizeBilinear<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

// 8 channels per ymm of int32.
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& ResizeBilinearScratchBytes =
    x86::ResizeBilinear<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& ResizeBilinear = x86::ResizeBilinear<Isa::kX86Avx2>::Eval;
namespace internal {
void RunResizeBilinear(const ResizeBilinearParams& params, const int8_t* input,
                       int8_t* output);  // resize_bilinear/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 16 channels per zmm of int32.
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& ResizeBilinearScratchBytes =
    x86::ResizeBilinear<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& ResizeBilinear = x86::ResizeBilinear<Isa::kX86Avx512Vnni>::Eval;
namespace internal {
void RunResizeBilinear(const ResizeBilinearParams& params, const int8_t* input,
                       int8_t* output);  // resize_bilinear/x86_avx512vnni_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni
