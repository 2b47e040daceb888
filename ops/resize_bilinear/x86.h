// resize_bilinear's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function and
// the one entry over them, x86::ResizeBilinear<isa> (x86_common/x86_entry.h over
// ResizeBilinearEntry, x86.cc), named x86_avx2::ResizeBilinear and x86_avx512vnni::ResizeBilinear
// for the registry rows and tests. Bit-exact with ref: same params, operands and errors. No
// scratch.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/x86_entry.h"

// Both walk the output pixels as ref does (bilinear_taps.h) and blend a pixel's channels in int32
// vectors, the last few channels as ref does.

namespace arenastore::kernels::x86 {
using ResizeBilinearKernel = void (*)(const ResizeBilinearParams& params, const int8_t* input,
                                      int8_t* output);
Status ResizeBilinearEntry(const X86Variant& variant, ResizeBilinearKernel kernel,
                           const ResizeBilinearParams& params, const int8_t* input, int8_t* output,
                           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86

// x86_avx2: 8 channels per ymm of int32.
// x86_avx512vnni: 16 channels per zmm of int32.
ARENASTORE_X86_VARIANTS(resize_bilinear, ResizeBilinear, ResizeBilinearKernel, RunResizeBilinear,
                        ResizeBilinearEntry)
