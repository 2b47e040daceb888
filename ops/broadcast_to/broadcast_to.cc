#include "ops/broadcast_to/broadcast_to.h"

#include "kernels/kernel_rows.h"
#include "ops/broadcast_to/ref.h"

namespace arenastore::kernels {

Status CheckBroadcastToParams(const BroadcastToParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

Status MakeBroadcastToParams(int32_t input_rank, const int32_t* input_shape, int32_t output_rank,
                             const int32_t* output_shape, BroadcastToParams* p) {
  ARENASTORE_CHECK_OR_RETURN(output_rank >= 1 && output_rank <= kMaxStridedCopyRank &&
                                 input_rank >= 0 && input_rank <= output_rank,
                             ErrorCode::kKernelInvalidParams,
                             "broadcast_to: rank %d to rank %d (at most %d)", input_rank,
                             output_rank, kMaxStridedCopyRank);
  int32_t strides[kMaxStridedCopyRank] = {};
  ARENASTORE_CHECK_OR_RETURN(
      RowMajorStrides(input_rank, input_shape, strides), ErrorCode::kKernelInvalidParams,
      "broadcast_to: input shape has a negative size or exceeds 2^31 elements");
  *p = BroadcastToParams{};
  p->rank = output_rank;
  int64_t elements = 1;
  const int32_t missing = output_rank - input_rank;
  for (int32_t d = 0; d < output_rank; ++d) {
    const int32_t source = d - missing;
    const int32_t in = source < 0 ? 1 : input_shape[source];
    ARENASTORE_CHECK_OR_RETURN(
        in >= 0 && output_shape[d] >= 0 && (in == output_shape[d] || in == 1),
        ErrorCode::kKernelInvalidParams, "broadcast_to: dimension %d of size %d cannot become %d",
        d, in, output_shape[d]);
    if (source >= 0) elements *= in;
    p->count[d] = output_shape[d];
    p->input_step[d] = in == 1 || source < 0 ? 0 : strides[source];
  }
  ARENASTORE_CHECK_OR_RETURN(elements <= INT32_MAX, ErrorCode::kKernelInvalidParams,
                             "broadcast_to: input exceeds 2^31 elements");
  p->input_elements = static_cast<int32_t>(elements);
  return CheckStridedCopyParams(*p, "broadcast_to");
}

// The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
extern const OpKernels kBroadcastToKernels =
    RefOnlyKernels<OpKind::kBroadcastTo, &ref::BroadcastToScratchBytes, &ref::BroadcastTo,
                   &ref::BroadcastTo>();

}  // namespace arenastore::kernels
