#include "ops/space_to_batch_nd/space_to_batch_nd.h"

#include "kernels/kernel_rows.h"
#include "ops/space_to_batch_nd/ref.h"

namespace arenastore::kernels {

Status CheckSpaceToBatchNdParams(const SpaceToBatchNdParams& p, const char* kernel) {
  const int32_t* in = p.input_shape;
  const int32_t* out = p.output_shape;
  for (int d = 0; d < 4; ++d) {
    ARENASTORE_CHECK_PARAMS(kernel, in[d] >= 0 && out[d] >= 0, "negative dimension %d", d);
  }
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.block_h >= 1 && p.block_w >= 1 && p.pad_top >= 0 && p.pad_left >= 0,
                          "block %dx%d must be positive, padding %d/%d not negative", p.block_h,
                          p.block_w, p.pad_top, p.pad_left);
  ARENASTORE_CHECK_PARAMS(kernel, p.pad_value >= -128 && p.pad_value <= 127,
                          "pad value %d is not int8", p.pad_value);
  ARENASTORE_CHECK_PARAMS(
      kernel, int64_t{in[0]} * p.block_h * p.block_w == out[0] && out[3] == in[3],
      "output batch %d is not input batch %d x block %dx%d, or depths %d/%d differ", out[0], in[0],
      p.block_h, p.block_w, in[3], out[3]);
  ARENASTORE_CHECK_PARAMS(kernel,
                          int64_t{out[1]} * p.block_h <= INT32_MAX / 2 &&
                              int64_t{out[2]} * p.block_w <= INT32_MAX / 2 &&
                              p.pad_top <= INT32_MAX / 4 && p.pad_left <= INT32_MAX / 4,
                          "padded extent overflows");
  return Status::Ok();
}

Status MakeSpaceToBatchNdParams(int32_t rank, const int32_t* in, const int32_t* out,
                                const int32_t* block, const int32_t* before, const int32_t* after,
                                int32_t pad_value, SpaceToBatchNdParams* p) {
  ARENASTORE_CHECK_OR_RETURN(rank == 3 || rank == 4, ErrorCode::kKernelInvalidParams,
                             "space_to_batch_nd: rank %d is neither 3 nor 4", rank);
  const bool wide = rank == 4;
  *p = SpaceToBatchNdParams{};
  p->input_shape[0] = in[0];
  p->input_shape[1] = in[1];
  p->input_shape[2] = wide ? in[2] : 1;
  p->input_shape[3] = in[rank - 1];
  p->output_shape[0] = out[0];
  p->output_shape[1] = out[1];
  p->output_shape[2] = wide ? out[2] : 1;
  p->output_shape[3] = out[rank - 1];
  p->block_h = block[0];
  p->block_w = wide ? block[1] : 1;
  p->pad_top = before[0];
  p->pad_left = wide ? before[1] : 0;
  p->pad_value = pad_value;
  ARENASTORE_RETURN_IF_ERROR(CheckSpaceToBatchNdParams(*p, "space_to_batch_nd"));
  for (int32_t s = 0; s < rank - 2; ++s) {
    const int64_t padded = int64_t{in[1 + s]} + before[s] + after[s];
    ARENASTORE_CHECK_OR_RETURN(after[s] >= 0 && padded == int64_t{out[1 + s]} * block[s],
                               ErrorCode::kKernelInvalidParams,
                               "space_to_batch_nd: spatial dimension %d: %d + padding %d/%d is "
                               "not the output's %d x block %d",
                               s, in[1 + s], before[s], after[s], out[1 + s], block[s]);
  }
  return Status::Ok();
}

extern const OpKernels kSpaceToBatchNdKernels =
    RefOnlyKernels<OpKind::kSpaceToBatchNd, &ref::SpaceToBatchNdScratchBytes,
                   &ref::SpaceToBatchNd>();

}  // namespace arenastore::kernels
