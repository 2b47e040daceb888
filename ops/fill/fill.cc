#include "ops/fill/fill.h"

#include "kernels/kernel_rows.h"
#include "ops/fill/ref.h"

namespace arenastore::kernels {

Status CheckFillParams(const FillParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.elements >= 0, "elements %d is negative", p.elements);
  return Status::Ok();
}

extern const OpKernels kFillKernels =
    RefOnlyKernels<OpKind::kFill, &ref::FillScratchBytes, &ref::Fill>();

}  // namespace arenastore::kernels
