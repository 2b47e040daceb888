#include "ops/average_pool2d/average_pool2d.h"

#include "kernels/kernel_rows.h"
#include "kernels/pool_window.h"
#include "ops/average_pool2d/arm_dsp.h"
#include "ops/average_pool2d/arm_mve.h"
#include "ops/average_pool2d/ref.h"
#include "ops/average_pool2d/x86.h"

namespace arenastore::kernels {

Status CheckAveragePool2dParams(const AveragePool2dParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckPool2dParams(p, kernel));
  if (p.batches == 0 || p.channels == 0 || p.output_h == 0 || p.output_w == 0) {
    return Status::Ok();
  }
  int32_t empty_y = -1;
  for (int32_t out_y = 0; out_y < p.output_h && empty_y < 0; ++out_y) {
    const ref::PoolWindow w = ref::PoolWindowAt(p, out_y, 0);
    if (w.y_end <= w.y_begin) empty_y = out_y;
  }
  int32_t empty_x = -1;
  for (int32_t out_x = 0; out_x < p.output_w && empty_x < 0; ++out_x) {
    const ref::PoolWindow w = ref::PoolWindowAt(p, 0, out_x);
    if (w.x_end <= w.x_begin) empty_x = out_x;
  }
  if (empty_y < 0 && empty_x < 0) return Status::Ok();
  const int32_t out_y = empty_x >= 0 ? 0 : empty_y;
  const int32_t out_x = empty_y == out_y ? 0 : empty_x;
  return Status::Error(ErrorCode::kKernelInvalidParams,
                       "%s: the window of output (%d, %d) lies entirely in padding", kernel, out_y,
                       out_x);
}

using Rows = KernelRows<OpKind::kAveragePool2d>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::AveragePool2dScratchBytes, &ref::AveragePool2d>(),
    Rows::Int16Row<Isa::kRef, &ref::AveragePool2dScratchBytes, &ref::AveragePool2dInt16>(),
    Rows::Row<Isa::kArmDsp, &arm_dsp::AveragePool2dScratchBytes, &arm_dsp::AveragePool2d>(),
    Rows::Row<Isa::kArmMve, &arm_mve::AveragePool2dScratchBytes, &arm_mve::AveragePool2d>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::AveragePool2dScratchBytes, &x86_avx2::AveragePool2d>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::AveragePool2dScratchBytes,
              &x86_avx512vnni::AveragePool2d>(),
#endif
};
extern const OpKernels kAveragePool2dKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
