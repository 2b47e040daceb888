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
