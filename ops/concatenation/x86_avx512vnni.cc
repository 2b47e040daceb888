#include "ops/concatenation/x86_avx512vnni.h"

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_common/data_movement_entry.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr x86::X86Variant kVariant = {Isa::kX86Avx512Vnni, internal::kLanes,
                                      "concatenation/x86_avx512vnni", "AVX-512 VNNI"};

}  // namespace

size_t ConcatenationScratchBytes(const ConcatenationParams&) { return 0; }

Status Concatenation(const ConcatenationParams& params, const int8_t* const* inputs, int8_t* output,
                     std::span<uint8_t> scratch) {
  return x86::ConcatenationEntry(kVariant, ARENASTORE_X86_KERNEL(internal::RunConcatenation),
                                 params, inputs, output, scratch);
}

}  // namespace arenastore::kernels::x86_avx512vnni
