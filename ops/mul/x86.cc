#include "ops/mul/x86.h"

#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {
namespace {

template <Isa kIsa>
constexpr X86Variant kMulVariant = VariantOf<kIsa>("mul/x86_avx2", "mul/x86_avx512vnni");

template <Isa kIsa>
constexpr MulKernel kMulKernel =
    Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunMul),
               ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunMul));

}  // namespace

template <Isa kIsa>
size_t Mul<kIsa>::ScratchBytes(const MulParams&) {
  return 0;
}

template <Isa kIsa>
Status Mul<kIsa>::Eval(const MulParams& params, const int8_t* input1, const int8_t* input2,
                       int8_t* output, std::span<uint8_t> scratch) {
  return MulEntry(kMulVariant<kIsa>, kMulKernel<kIsa>, params, input1, input2, output, scratch);
}

template struct Mul<Isa::kX86Avx2>;
template struct Mul<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

namespace arenastore::kernels::x86_avx512vnni {

size_t MulSplitScratchBytes(const MulParams&) {
  return x86::ElementwiseSplitScratchBytes(x86::IsaTraits<Isa::kX86Avx512Vnni>::kLanes);
}

Status MulPrepare(const MulParams& params, std::span<uint8_t> scratch, KernelState* state) {
  return x86::ElementwisePrepare<MulParams>(x86::kMulVariant<Isa::kX86Avx512Vnni>,
                                            x86::kMulKernel<Isa::kX86Avx512Vnni>, params, scratch,
                                            state);
}

Status MulRunPrepared(const MulParams& params, const int8_t* input1, const int8_t* input2,
                      int8_t* output, std::span<uint8_t> scratch, const KernelState& state) {
  return x86::ElementwiseRun<MulParams>(x86::kMulKernel<Isa::kX86Avx512Vnni>, params, input1,
                                        input2, output, scratch, state);
}

}  // namespace arenastore::kernels::x86_avx512vnni
