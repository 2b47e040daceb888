#include "ops/fully_connected/x86.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
size_t FullyConnected<kIsa>::ScratchBytes(const FullyConnectedParams&) {
  return 0;
}

template <Isa kIsa>
Status FullyConnected<kIsa>::Eval(const FullyConnectedParams& params, const int8_t* input,
                                  const int8_t* filter, const int32_t* bias, int8_t* output,
                                  std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant =
      VariantOf<kIsa>("fully_connected/x86_avx2", "fully_connected/x86_avx512vnni");
  constexpr FullyConnectedKernel kKernel = kFullyConnectedKernel<kIsa>;
  ARENASTORE_CHECK_SCRATCH(kVariant.name, scratch.size(), ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kVariant.name));
  if (params.batches == 0 || params.output_depth == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(kVariant, kKernel != nullptr));
  kKernel({&params, input, filter, bias, output});
  return Status::Ok();
}

template struct FullyConnected<Isa::kX86Avx2>;
template struct FullyConnected<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
