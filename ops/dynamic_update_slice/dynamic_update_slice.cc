#include "ops/dynamic_update_slice/dynamic_update_slice.h"

#include "kernels/kernel_rows.h"
#include "ops/dynamic_update_slice/ref.h"

namespace arenastore::kernels {

Status CheckDynamicUpdateSliceParams(const DynamicUpdateSliceParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.rank >= 0 && p.rank <= kMaxDynamicUpdateSliceRank,
                          "rank %d not in [0, %d]", p.rank, kMaxDynamicUpdateSliceRank);
  int64_t elements = 1;
  for (int32_t d = 0; d < p.rank; ++d) {
    ARENASTORE_CHECK_PARAMS(kernel,
                            p.update[d] >= 0 && p.update[d] <= p.operand[d] && p.start[d] >= 0 &&
                                p.start[d] <= p.operand[d] - p.update[d],
                            "dim %d: update %d at start %d does not fit operand %d", d, p.update[d],
                            p.start[d], p.operand[d]);
    elements *= p.operand[d];
    ARENASTORE_CHECK_PARAMS(kernel, elements <= INT32_MAX, "operand elements exceed int32");
  }
  return Status::Ok();
}

Status MakeDynamicUpdateSliceParams(int32_t rank, const int32_t* operand_shape,
                                    const int32_t* update_shape, const int64_t* start,
                                    DynamicUpdateSliceParams* p) {
  ARENASTORE_CHECK_OR_RETURN(
      rank >= 0 && rank <= kMaxDynamicUpdateSliceRank, ErrorCode::kKernelInvalidParams,
      "dynamic_update_slice: rank %d not in [0, %d]", rank, kMaxDynamicUpdateSliceRank);
  *p = DynamicUpdateSliceParams{};
  p->rank = rank;
  for (int32_t d = 0; d < rank; ++d) {
    p->operand[d] = operand_shape[d];
    p->update[d] = update_shape[d];
    const int64_t room = int64_t{operand_shape[d]} - update_shape[d];
    const int64_t clamped = start[d] < 0 ? 0 : (start[d] > room ? room : start[d]);
    p->start[d] = static_cast<int32_t>(clamped < 0 ? 0 : clamped);
  }
  return CheckDynamicUpdateSliceParams(*p, "dynamic_update_slice");
}

extern const OpKernels kDynamicUpdateSliceKernels =
    RefOnlyKernels<OpKind::kDynamicUpdateSlice, &ref::DynamicUpdateSliceScratchBytes,
                   &ref::DynamicUpdateSlice, &ref::DynamicUpdateSliceInt16>();

}  // namespace arenastore::kernels
