#include "ops/add/x86_avx512vnni.h"

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_common/elementwise_entry.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr x86::X86Variant kVariant = {Isa::kX86Avx512Vnni, internal::kLanes, "add/x86_avx512vnni",
                                      "AVX-512 VNNI"};

}  // namespace

size_t AddScratchBytes(const AddParams&) { return 0; }

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  return x86::AddEntry(kVariant, ARENASTORE_X86_KERNEL(internal::RunAdd), params, input1, input2,
                       output, scratch);
}

size_t AddSplitScratchBytes(const AddParams&) {
  return x86::ElementwiseSplitScratchBytes(internal::kLanes);
}

Status AddPrepare(const AddParams& params, std::span<uint8_t> scratch, KernelState* state) {
  return x86::ElementwisePrepare<AddParams>(kVariant, ARENASTORE_X86_KERNEL(internal::RunAdd),
                                            params, scratch, state);
}

Status AddRunPrepared(const AddParams& params, const int8_t* input1, const int8_t* input2,
                      int8_t* output, std::span<uint8_t> scratch, const KernelState& state) {
  return x86::ElementwiseRun<AddParams>(ARENASTORE_X86_KERNEL(internal::RunAdd), params, input1,
                                        input2, output, scratch, state);
}

}  // namespace arenastore::kernels::x86_avx512vnni
