#include "ops/fully_connected/fully_connected.h"

#include "kernels/kernel_rows.h"
#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "ops/fully_connected/arm_dsp.h"
#include "ops/fully_connected/arm_mve.h"
#include "ops/fully_connected/ref.h"
#include "ops/fully_connected/x86.h"

namespace arenastore::kernels {

Status CheckFullyConnectedParams(const FullyConnectedParams& p, const char* kernel,
                                 KernelDtype dtype) {
  ARENASTORE_CHECK_PARAMS(kernel, p.batches >= 0 && p.input_depth >= 0 && p.output_depth >= 0,
                          "negative dimension");
  ARENASTORE_RETURN_IF_ERROR(ref::CheckInputZeroPoint(dtype, p.input_zero_point, "input", kernel));
  ARENASTORE_CHECK_PARAMS(kernel, IsInt8ZeroPoint(p.filter_zero_point),
                          "filter zero point %d is not an int8", p.filter_zero_point);
  ARENASTORE_RETURN_IF_ERROR(ref::CheckOutputStageOf(dtype, p.output_zero_point, p.activation_min,
                                                     p.activation_max, kernel));
  return ref::CheckRequantization(p.requant, p.output_depth, /*per_tensor_allowed=*/true, kernel);
}

void FoldFullyConnectedBias(const FullyConnectedParams& p, const int8_t* filter,
                            const int32_t* bias, int32_t* folded) {
  const auto input_zero_point = static_cast<uint32_t>(p.input_zero_point);
  const uint32_t constant = static_cast<uint32_t>(p.input_depth) * input_zero_point *
                            static_cast<uint32_t>(p.filter_zero_point);
  for (int32_t o = 0; o < p.output_depth; ++o) {
    const int8_t* row = filter + static_cast<ptrdiff_t>(o) * p.input_depth;
    uint32_t row_sum = 0;
    for (int32_t d = 0; d < p.input_depth; ++d) row_sum += static_cast<uint32_t>(row[d]);
    const uint32_t b = bias != nullptr ? static_cast<uint32_t>(bias[o]) : 0;
    folded[o] = static_cast<int32_t>(b - input_zero_point * row_sum + constant);
  }
}

using Rows = KernelRows<OpKind::kFullyConnected>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::FullyConnectedScratchBytes, &ref::FullyConnected>(),
    Rows::Int16Row<Isa::kRef, &ref::FullyConnectedInt16ScratchBytes, &ref::FullyConnectedInt16>(),
    Rows::Row<Isa::kArmDsp, &arm_dsp::FullyConnectedScratchBytes, &arm_dsp::FullyConnected>(),
    Rows::Row<Isa::kArmMve, &arm_mve::FullyConnectedScratchBytes, &arm_mve::FullyConnected>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::FullyConnectedScratchBytes, &x86_avx2::FullyConnected>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::FullyConnectedScratchBytes,
              &x86_avx512vnni::FullyConnected>(),
#endif
};
extern const OpKernels kFullyConnectedKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
