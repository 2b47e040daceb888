#include "ops/depth_to_space/depth_to_space.h"

#include "kernels/kernel_rows.h"
#include "ops/depth_to_space/ref.h"

namespace arenastore::kernels {

Status CheckDepthToSpaceParams(const DepthToSpaceParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

Status MakeDepthToSpaceParams(const int32_t* in, int32_t b, DepthToSpaceParams* p, int32_t* out) {
  ARENASTORE_CHECK_OR_RETURN(b >= 1 && b <= 46340 && in[0] >= 0 && in[1] >= 0 && in[2] >= 0 &&
                                 in[3] >= 0 && in[3] % (b * b) == 0,
                             ErrorCode::kKernelInvalidParams,
                             "depth_to_space: block %d squared does not divide depth %d", b, in[3]);
  const int64_t elements = int64_t{in[0]} * in[1] * in[2] * in[3];
  ARENASTORE_CHECK_OR_RETURN(elements <= INT32_MAX, ErrorCode::kKernelInvalidParams,
                             "depth_to_space: input exceeds 2^31 elements");
  const int32_t c = in[3] / (b * b), w_step = in[3], h_step = in[2] * in[3];
  *p = DepthToSpaceParams{};
  // Output order: n, h, by, w, bx, c.
  p->rank = 6;
  const int32_t counts[6] = {in[0], in[1], b, in[2], b, c};
  const int32_t steps[6] = {in[1] * h_step, h_step, b * c, w_step, c, 1};
  for (int d = 0; d < 6; ++d) {
    p->count[d] = counts[d];
    p->input_step[d] = steps[d];
  }
  p->input_elements = static_cast<int32_t>(elements);
  out[0] = in[0];
  out[1] = in[1] * b;
  out[2] = in[2] * b;
  out[3] = c;
  return CheckStridedCopyParams(*p, "depth_to_space");
}

extern const OpKernels kDepthToSpaceKernels =
    RefOnlyKernels<OpKind::kDepthToSpace, &ref::DepthToSpaceScratchBytes, &ref::DepthToSpace>();

}  // namespace arenastore::kernels
