#include "ops/select_v2/select_v2.h"

#include "kernels/kernel_rows.h"
#include "ops/select_v2/ref.h"

namespace arenastore::kernels {

Status CheckSelectV2Params(const SelectV2Params& p, const char* kernel) {
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    const int32_t out = p.output[d];
    auto fits = [out](int32_t dim) { return dim == out || dim == 1; };
    ARENASTORE_CHECK_PARAMS(kernel,
                            out >= 0 && fits(p.condition[d]) && fits(p.x[d]) && fits(p.y[d]),
                            "dimension %d: condition %d, x %d and y %d do not broadcast to %d", d,
                            p.condition[d], p.x[d], p.y[d], out);
  }
  return Status::Ok();
}

extern const OpKernels kSelectV2Kernels =
    RefOnlyKernels<OpKind::kSelectV2, &ref::SelectV2ScratchBytes, &ref::SelectV2,
                   &ref::SelectV2Int16>();

}  // namespace arenastore::kernels
