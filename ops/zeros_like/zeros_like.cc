#include "ops/zeros_like/zeros_like.h"

#include "kernels/kernel_rows.h"
#include "ops/zeros_like/ref.h"

namespace arenastore::kernels {

Status CheckZerosLikeParams(const ZerosLikeParams& p, const char* kernel) {
  ARENASTORE_CHECK_OR_RETURN(p.elements >= 0, ErrorCode::kKernelInvalidParams,
                             "%s: elements %d is negative", kernel, p.elements);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<&OpParams::zeros_like, kZerosLikeArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ZerosLikeScratchBytes, &ref::ZerosLike>(
        OpKind::kZerosLike, KernelDtype::kInt8, "zeros_like/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kZerosLikeKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
