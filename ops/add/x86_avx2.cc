#include "ops/add/x86_avx2.h"

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_common/elementwise_entry.h"

namespace arenastore::kernels::x86_avx2 {
namespace {

constexpr x86::X86Variant kVariant = {Isa::kX86Avx2, internal::kLanes, "add/x86_avx2", "AVX2"};

}  // namespace

size_t AddScratchBytes(const AddParams&) { return 0; }

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  return x86::AddEntry(kVariant, ARENASTORE_X86_KERNEL(internal::RunAdd), params, input1, input2,
                       output, scratch);
}

}  // namespace arenastore::kernels::x86_avx2
