#include "ops/reduce_max/reduce_max.h"

#include "kernels/kernel_rows.h"
#include "ops/reduce_max/ref.h"

namespace arenastore::kernels {

Status CheckReduceMaxParams(const ReduceMaxParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckReduceShape(p, kernel));
  ARENASTORE_CHECK_PARAMS(kernel, p.input_zero_point == p.output_zero_point,
                          "input zero point %d differs from output zero point %d",
                          p.input_zero_point, p.output_zero_point);
  return Status::Ok();
}

using Rows = KernelRows<OpKind::kReduceMax>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ReduceMaxScratchBytes, &ref::ReduceMax>(),
};
extern const OpKernels kReduceMaxKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
