#include "ops/zeros_like/zeros_like.h"

#include "kernels/kernel_rows.h"
#include "ops/zeros_like/ref.h"

namespace arenastore::kernels {

Status CheckZerosLikeParams(const ZerosLikeParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.elements >= 0, "elements %d is negative", p.elements);
  return Status::Ok();
}

extern const OpKernels kZerosLikeKernels =
    RefOnlyKernels<OpKind::kZerosLike, &ref::ZerosLikeScratchBytes, &ref::ZerosLike>();

}  // namespace arenastore::kernels
