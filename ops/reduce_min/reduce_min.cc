#include "ops/reduce_min/reduce_min.h"

#include "kernels/kernel_rows.h"
#include "ops/reduce_min/ref.h"

namespace arenastore::kernels {

Status CheckReduceMinParams(const ReduceMinParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckReduceShape(p, kernel));
  ARENASTORE_CHECK_PARAMS(kernel, p.input_zero_point == p.output_zero_point,
                          "input zero point %d differs from output zero point %d",
                          p.input_zero_point, p.output_zero_point);
  return Status::Ok();
}

extern const OpKernels kReduceMinKernels =
    RefOnlyKernels<OpKind::kReduceMin, &ref::ReduceMinScratchBytes, &ref::ReduceMin>();

}  // namespace arenastore::kernels
