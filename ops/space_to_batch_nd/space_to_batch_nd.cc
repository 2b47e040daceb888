#include "ops/space_to_batch_nd/space_to_batch_nd.h"

#include "kernels/block_space_geometry.h"
#include "kernels/kernel_rows.h"
#include "ops/space_to_batch_nd/ref.h"

namespace arenastore::kernels {

Status CheckSpaceToBatchNdParams(const SpaceToBatchNdParams& p, const char* kernel) {
  const int32_t* in = p.input_shape;
  const int32_t* out = p.output_shape;
  ARENASTORE_RETURN_IF_ERROR(CheckBlockSpaceDimensions(p, kernel));
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
  *p = SpaceToBatchNdParams{};
  ARENASTORE_RETURN_IF_ERROR(BlockSpaceGeometry("space_to_batch_nd", rank, in, out, block, before,
                                                p, &p->pad_top, &p->pad_left));
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
