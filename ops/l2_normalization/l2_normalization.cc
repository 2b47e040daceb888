#include "ops/l2_normalization/l2_normalization.h"

#include "kernels/kernel_rows.h"
#include "ops/l2_normalization/ref.h"

namespace arenastore::kernels {

Status CheckL2NormalizationParams(const L2NormalizationParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.outer_size >= 0 && p.depth >= 1 && p.depth <= kMaxL2NormalizationDepth,
                          "%d rows of depth %d (depth must be in [1, %d])", p.outer_size, p.depth,
                          kMaxL2NormalizationDepth);
  ARENASTORE_CHECK_PARAMS(kernel, p.input_zero_point >= -128 && p.input_zero_point <= 127,
                          "input zero point %d not int8", p.input_zero_point);
  return Status::Ok();
}

extern const OpKernels kL2NormalizationKernels =
    RefOnlyKernels<OpKind::kL2Normalization, &ref::L2NormalizationScratchBytes,
                   &ref::L2Normalization>();

}  // namespace arenastore::kernels
