#include "ops/batch_to_space_nd/batch_to_space_nd.h"

#include "kernels/block_space_geometry.h"
#include "kernels/kernel_rows.h"
#include "ops/batch_to_space_nd/ref.h"

namespace arenastore::kernels {

Status CheckBatchToSpaceNdParams(const BatchToSpaceNdParams& p, const char* kernel) {
  const int32_t* in = p.input_shape;
  const int32_t* out = p.output_shape;
  ARENASTORE_RETURN_IF_ERROR(CheckBlockSpaceDimensions(p, kernel));
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
  *p = BatchToSpaceNdParams{};
  ARENASTORE_RETURN_IF_ERROR(BlockSpaceGeometry("batch_to_space_nd", rank, in, out, block, before,
                                                p, &p->crop_top, &p->crop_left));
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
