#include "ops/mirror_pad/mirror_pad.h"

#include "kernels/kernel_rows.h"
#include "ops/mirror_pad/ref.h"

namespace arenastore::kernels {

Status CheckMirrorPadParams(const MirrorPadParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.rank >= 1 && p.rank <= kMaxMirrorPadRank,
                          "rank %d not in [1, %d]", p.rank, kMaxMirrorPadRank);
  ARENASTORE_CHECK_PARAMS(kernel, p.edge_excluded == 0 || p.edge_excluded == 1,
                          "edge_excluded %d is not 0 or 1", p.edge_excluded);
  int64_t in_elements = 1, out_elements = 1;
  for (int32_t d = 0; d < p.rank; ++d) {
    const int32_t limit = p.input_shape[d] - p.edge_excluded;
    ARENASTORE_CHECK_PARAMS(kernel,
                            p.input_shape[d] >= 1 && p.before[d] >= 0 && p.after[d] >= 0 &&
                                p.before[d] <= limit && p.after[d] <= limit,
                            "dimension %d of size %d cannot mirror %d/%d", d, p.input_shape[d],
                            p.before[d], p.after[d]);
    in_elements *= p.input_shape[d];
    out_elements *= int64_t{p.input_shape[d]} + p.before[d] + p.after[d];
    ARENASTORE_CHECK_PARAMS(kernel, out_elements <= INT32_MAX && in_elements <= INT32_MAX,
                            "exceeds 2^31 elements");
  }
  return Status::Ok();
}

extern const OpKernels kMirrorPadKernels =
    RefOnlyKernels<OpKind::kMirrorPad, &ref::MirrorPadScratchBytes, &ref::MirrorPad>();

}  // namespace arenastore::kernels
