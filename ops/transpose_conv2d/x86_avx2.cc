#include "ops/transpose_conv2d/x86_avx2.h"

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_common/transpose_conv2d_entry.h"

namespace arenastore::kernels::x86_avx2 {
namespace {

constexpr x86::X86Variant kVariant = {Isa::kX86Avx2, internal::kLanes, "transpose_conv2d/x86_avx2",
                                      "AVX2"};

}  // namespace

size_t TransposeConv2dScratchBytes(const TransposeConv2dParams& params) {
  return x86::TransposeConv2dLayoutOf(params, kVariant.lanes).total_bytes;
}

Status TransposeConv2d(const TransposeConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  return x86::TransposeConv2dEntry(kVariant, ARENASTORE_X86_KERNEL(internal::RunTransposeConv2d),
                                   params, input, filter, bias, output, scratch,
                                   ARENASTORE_X86_KERNEL(internal::RunTransposeConv2dPhases),
                                   x86::PhaseForm::kPairs);
}

}  // namespace arenastore::kernels::x86_avx2
