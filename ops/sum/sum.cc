#include "ops/sum/sum.h"

#include "kernels/kernel_rows.h"
#include "ops/sum/ref.h"

namespace arenastore::kernels {

Status CheckSumParams(const SumParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckReduceShape(p, kernel));
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.output_multiplier >= 0 && p.output_shift >= -31 && p.output_shift <= 30,
                          "output_multiplier %d, output_shift %d not in [-31, 30]",
                          p.output_multiplier, p.output_shift);
  return Status::Ok();
}

extern const OpKernels kSumKernels =
    RefOnlyKernels<OpKind::kSum, &ref::SumScratchBytes, &ref::Sum, &ref::SumInt16>();

}  // namespace arenastore::kernels
