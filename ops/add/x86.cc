#include "ops/add/x86.h"

#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {
namespace {

template <Isa kIsa>
constexpr X86Variant kAddVariant = VariantOf<kIsa>("add/x86_avx2", "add/x86_avx512vnni");

template <Isa kIsa>
constexpr AddKernel kAddKernel =
    Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunAdd),
               ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunAdd));

}  // namespace

template <Isa kIsa>
size_t Add<kIsa>::ScratchBytes(const AddParams&) {
  return 0;
}

template <Isa kIsa>
Status Add<kIsa>::Eval(const AddParams& params, const int8_t* input1, const int8_t* input2,
                       int8_t* output, std::span<uint8_t> scratch) {
  return AddEntry(kAddVariant<kIsa>, kAddKernel<kIsa>, params, input1, input2, output, scratch);
}

template struct Add<Isa::kX86Avx2>;
template struct Add<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

namespace arenastore::kernels::x86_avx512vnni {

size_t AddSplitScratchBytes(const AddParams&) {
  return x86::ElementwiseSplitScratchBytes(x86::IsaTraits<Isa::kX86Avx512Vnni>::kLanes);
}

Status AddPrepare(const AddParams& params, std::span<uint8_t> scratch, KernelState* state) {
  return x86::ElementwisePrepare<AddParams>(x86::kAddVariant<Isa::kX86Avx512Vnni>,
                                            x86::kAddKernel<Isa::kX86Avx512Vnni>, params, scratch,
                                            state);
}

Status AddRunPrepared(const AddParams& params, const int8_t* input1, const int8_t* input2,
                      int8_t* output, std::span<uint8_t> scratch, const KernelState& state) {
  return x86::ElementwiseRun<AddParams>(x86::kAddKernel<Isa::kX86Avx512Vnni>, params, input1,
                                        input2, output, scratch, state);
}

}  // namespace arenastore::kernels::x86_avx512vnni
