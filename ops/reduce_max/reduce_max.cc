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

extern const OpKernels kReduceMaxKernels =
    RefOnlyKernels<OpKind::kReduceMax, &ref::ReduceMaxScratchBytes, &ref::ReduceMax>();

}  // namespace arenastore::kernels
