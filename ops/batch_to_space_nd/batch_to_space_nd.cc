#include "ops/batch_to_space_nd/batch_to_space_nd.h"

#include "kernels/kernel_rows.h"
#include "ops/batch_to_space_nd/ref.h"

namespace arenastore::kernels {

Status CheckBatchToSpaceNdParams(const BatchToSpaceNdParams& p, const char* kernel) {
  const int32_t* in = p.input_shape;
  const int32_t* out = p.output_shape;
  for (int d = 0; d < 4; ++d) {
    ARENASTORE_CHECK_PARAMS(kernel, in[d] >= 0 && out[d] >= 0, "negative dimension %d", d);
  }
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.block_h >= 1 && p.block_w >= 1 && p.crop_top >= 0 && p.crop_left >= 0,
                          "block %dx%d must be positive, crops %d/%d not negative", p.block_h,
                          p.block_w, p.crop_top, p.crop_left);
  ARENASTORE_CHECK_PARAMS(
      kernel, int64_t{out[0]} * p.block_h * p.block_w == in[0] && out[3] == in[3],
      "input batch %d is not output batch %d x block %dx%d, or depths %d/%d differ", in[0], out[0],
      p.block_h, p.block_w, in[3], out[3]);
  ARENASTORE_CHECK_PARAMS(kernel,
                          int64_t{out[1]} + p.crop_top <= int64_t{in[1]} * p.block_h &&
                              int64_t{out[2]} + p.crop_left <= int64_t{in[2]} * p.block_w,
                          "output %dx%d plus crops %d/%d exceeds input %dx%d x block %dx%d", out[1],
                          out[2], p.crop_top, p.crop_left, in[1], in[2], p.block_h, p.block_w);
  return Status::Ok();
}

Status MakeBatchToSpaceNdParams(int32_t rank, const int32_t* in, const int32_t* out,
                                const int32_t* block, const int32_t* before, const int32_t* after,
                                BatchToSpaceNdParams* p) {
  ARENASTORE_CHECK_OR_RETURN(rank == 3 || rank == 4, ErrorCode::kKernelInvalidParams,
                             "batch_to_space_nd: rank %d is neither 3 nor 4", rank);
  const bool wide = rank == 4;
  *p = BatchToSpaceNdParams{};
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
  p->crop_top = before[0];
  p->crop_left = wide ? before[1] : 0;
  ARENASTORE_RETURN_IF_ERROR(CheckBatchToSpaceNdParams(*p, "batch_to_space_nd"));
  for (int32_t s = 0; s < rank - 2; ++s) {
    const int64_t expected = int64_t{in[1 + s]} * block[s] - before[s] - after[s];
    ARENASTORE_CHECK_OR_RETURN(after[s] >= 0 && expected == out[1 + s],
                               ErrorCode::kKernelInvalidParams,
                               "batch_to_space_nd: spatial dimension %d: %d x block %d - crops "
                               "%d/%d is not the output's %d",
                               s, in[1 + s], block[s], before[s], after[s], out[1 + s]);
  }
  return Status::Ok();
}

extern const OpKernels kBatchToSpaceNdKernels =
    RefOnlyKernels<OpKind::kBatchToSpaceNd, &ref::BatchToSpaceNdScratchBytes,
                   &ref::BatchToSpaceNd>();

}  // namespace arenastore::kernels
