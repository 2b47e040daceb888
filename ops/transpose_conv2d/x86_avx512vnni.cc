#include "ops/transpose_conv2d/x86_avx512vnni.h"

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_common/transpose_conv2d_entry.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr x86::X86Variant kVariant = {Isa::kX86Avx512Vnni, internal::kLanes,
                                      "transpose_conv2d/x86_avx512vnni", "AVX-512 VNNI"};

// At most eight output channels fill half a zmm: every 512-bit instruction would do the work of
// a 256-bit one at twice the cost on cores that split them, so such layers run the AVX2 kernel
// file (which an AVX-512 VNNI CPU also runs) on its 8-lane layout.
constexpr x86::X86Variant kNarrowVariant = {Isa::kX86Avx512Vnni, x86_avx2::internal::kLanes,
                                            "transpose_conv2d/x86_avx512vnni", "AVX-512 VNNI"};

bool IsNarrow(const TransposeConv2dParams& params) { return params.output_c <= 8; }

}  // namespace

size_t TransposeConv2dScratchBytes(const TransposeConv2dParams& params) {
  const x86::X86Variant& variant = IsNarrow(params) ? kNarrowVariant : kVariant;
  return x86::TransposeConv2dLayoutOf(params, variant.lanes).total_bytes;
}

Status TransposeConv2d(const TransposeConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  if (IsNarrow(params)) {
    return x86::TransposeConv2dEntry(kNarrowVariant,
                                     ARENASTORE_X86_KERNEL(x86_avx2::internal::RunTransposeConv2d),
                                     params, input, filter, bias, output, scratch,
                                     ARENASTORE_X86_KERNEL(internal::RunTransposeConv2dPhases));
  }
  return x86::TransposeConv2dEntry(kVariant, ARENASTORE_X86_KERNEL(internal::RunTransposeConv2d),
                                   params, input, filter, bias, output, scratch);
}

}  // namespace arenastore::kernels::x86_avx512vnni
