#include "ops/space_to_depth/space_to_depth.h"

#include "kernels/kernel_rows.h"
#include "ops/space_to_depth/ref.h"

namespace arenastore::kernels {

Status CheckSpaceToDepthParams(const SpaceToDepthParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

Status MakeSpaceToDepthParams(const int32_t* in, int32_t b, SpaceToDepthParams* p, int32_t* out) {
  ARENASTORE_CHECK_OR_RETURN(b >= 1 && in[0] >= 0 && in[1] >= 0 && in[2] >= 0 && in[3] >= 0 &&
                                 in[1] % b == 0 && in[2] % b == 0,
                             ErrorCode::kKernelInvalidParams,
                             "space_to_depth: block %d does not divide %dx%d", b, in[1], in[2]);
  const int64_t elements = int64_t{in[0]} * in[1] * in[2] * in[3];
  ARENASTORE_CHECK_OR_RETURN(elements <= INT32_MAX, ErrorCode::kKernelInvalidParams,
                             "space_to_depth: input exceeds 2^31 elements");
  const int32_t c = in[3], w_step = c, h_step = in[2] * c;
  *p = SpaceToDepthParams{};
  // Output order: n, out_h, out_w, by, bx, c.
  p->rank = 6;
  const int32_t counts[6] = {in[0], in[1] / b, in[2] / b, b, b, c};
  const int32_t steps[6] = {in[1] * h_step, b * h_step, b * w_step, h_step, w_step, 1};
  for (int d = 0; d < 6; ++d) {
    p->count[d] = counts[d];
    p->input_step[d] = steps[d];
  }
  p->input_elements = static_cast<int32_t>(elements);
  out[0] = in[0];
  out[1] = in[1] / b;
  out[2] = in[2] / b;
  out[3] = b * b * c;
  return CheckStridedCopyParams(*p, "space_to_depth");
}

extern const OpKernels kSpaceToDepthKernels =
    RefOnlyKernels<OpKind::kSpaceToDepth, &ref::SpaceToDepthScratchBytes, &ref::SpaceToDepth>();

}  // namespace arenastore::kernels
