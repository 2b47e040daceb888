#include "ops/batch_matmul/x86.h"

#include "kernels/scratch_check.h"
#include "kernels/x86_common/batch_matmul_as_fc.h"
#include "kernels/x86_common/variant.h"
#include "ops/conv2d/x86.h"
#include "ops/fully_connected/x86.h"

namespace arenastore::kernels::x86 {
namespace {

template <Isa kIsa>
constexpr ConvRunner kConv = {&Conv2d<kIsa>::ScratchBytes, &Conv2d<kIsa>::Eval};

// Only called once CheckRunnable found the kernel files built.
template <Isa kIsa>
void RunFc(const FullyConnectedParams& fc, const int8_t* input, const int8_t* filter,
           int8_t* output) {
  FullyConnected<kIsa>::kKernel({&fc, input, filter, nullptr, output});
}

}  // namespace

template <Isa kIsa>
size_t BatchMatmul<kIsa>::ScratchBytes(const BatchMatmulParams& params) {
  return BatchMatmulAsFcScratchBytes(params, kConv<kIsa>);
}

template <Isa kIsa>
Status BatchMatmul<kIsa>::Eval(const BatchMatmulParams& params, const int8_t* lhs,
                               const int8_t* rhs, int8_t* output, std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant =
      VariantOf<kIsa>("batch_matmul/x86_avx2", "batch_matmul/x86_avx512vnni");
  ARENASTORE_CHECK_SCRATCH(kVariant.name, scratch.size(), ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckBatchMatmulParams(params, kVariant.name));
  if (params.rows == 0 || params.cols == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(kVariant, FullyConnected<kIsa>::kKernel != nullptr));
  return RunBatchMatmulAsFc(params, lhs, rhs, output, scratch, &RunFc<kIsa>, kConv<kIsa>);
}

template struct BatchMatmul<Isa::kX86Avx2>;
template struct BatchMatmul<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
