#include "ops/pad/x86_avx2.h"

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_common/data_movement_entry.h"

namespace arenastore::kernels::x86_avx2 {
namespace {

constexpr x86::X86Variant kVariant = {Isa::kX86Avx2, internal::kLanes, "pad/x86_avx2", "AVX2"};

}  // namespace

size_t PadScratchBytes(const PadParams&) { return 0; }

Status Pad(const PadParams& params, const int8_t* input, int8_t* output,
           std::span<uint8_t> scratch) {
  return x86::PadEntry(kVariant, ARENASTORE_X86_KERNEL(internal::RunPad), params, input, output,
                       scratch);
}

}  // namespace arenastore::kernels::x86_avx2
