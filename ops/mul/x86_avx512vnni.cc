#include "ops/mul/x86_avx512vnni.h"

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_common/elementwise_entry.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr x86::X86Variant kVariant = {Isa::kX86Avx512Vnni, internal::kLanes, "mul/x86_avx512vnni",
                                      "AVX-512 VNNI"};

}  // namespace

size_t MulScratchBytes(const MulParams&) { return 0; }

Status Mul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  return x86::MulEntry(kVariant, ARENASTORE_X86_KERNEL(internal::RunMul), params, input1, input2,
                       output, scratch);
}

size_t MulSplitScratchBytes(const MulParams&) {
  return x86::ElementwiseSplitScratchBytes(internal::kLanes);
}

Status MulPrepare(const MulParams& params, std::span<uint8_t> scratch, KernelState* state) {
  return x86::ElementwisePrepare<MulParams>(kVariant, ARENASTORE_X86_KERNEL(internal::RunMul),
                                            params, scratch, state);
}

Status MulRunPrepared(const MulParams& params, const int8_t* input1, const int8_t* input2,
                      int8_t* output, std::span<uint8_t> scratch, const KernelState& state) {
  return x86::ElementwiseRun<MulParams>(ARENASTORE_X86_KERNEL(internal::RunMul), params, input1,
                                        input2, output, scratch, state);
}

}  // namespace arenastore::kernels::x86_avx512vnni
