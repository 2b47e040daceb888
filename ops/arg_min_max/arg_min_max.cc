#include "ops/arg_min_max/arg_min_max.h"

#include "kernels/kernel_rows.h"
#include "ops/arg_min_max/ref.h"

namespace arenastore::kernels {

Status CheckArgMinMaxParams(const ArgMinMaxParams& p, const char* kernel) {
  const auto kind = static_cast<int32_t>(p.kind);
  ARENASTORE_CHECK_PARAMS(kernel, kind >= 0 && kind < kArgMinMaxKindCount, "kind %d not in [0, %d)",
                          kind, kArgMinMaxKindCount);
  ARENASTORE_CHECK_PARAMS(kernel, p.outer_size >= 0 && p.axis_size >= 1 && p.inner_size >= 0,
                          "sizes outer %d, axis %d, inner %d (axis must be >= 1)", p.outer_size,
                          p.axis_size, p.inner_size);
  const int64_t elements =
      static_cast<int64_t>(p.outer_size) * p.axis_size * static_cast<int64_t>(p.inner_size);
  ARENASTORE_CHECK_PARAMS(kernel, elements <= INT32_MAX, "%lld input elements exceed int32",
                          static_cast<long long>(elements));
  return Status::Ok();
}

extern const OpKernels kArgMinMaxKernels =
    RefOnlyKernels<OpKind::kArgMinMax, &ref::ArgMinMaxScratchBytes, &ref::ArgMinMax>();

}  // namespace arenastore::kernels
