#include "ops/transpose/transpose.h"

#include "kernels/kernel_rows.h"
#include "ops/transpose/ref.h"
#include "ops/transpose/x86.h"

namespace arenastore::kernels {

Status CheckTransposeParams(const TransposeParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

Status MakeTransposeParams(int32_t rank, const int32_t* input_shape, const int32_t* perm,
                           TransposeParams* p) {
  ARENASTORE_CHECK_OR_RETURN(rank >= 1 && rank <= kMaxStridedCopyRank,
                             ErrorCode::kKernelInvalidParams, "transpose: rank %d not in [1, %d]",
                             rank, kMaxStridedCopyRank);
  int32_t strides[kMaxStridedCopyRank] = {};
  ARENASTORE_CHECK_OR_RETURN(RowMajorStrides(rank, input_shape, strides),
                             ErrorCode::kKernelInvalidParams,
                             "transpose: input shape has a negative size or exceeds 2^31 elements");
  bool used[kMaxStridedCopyRank] = {};
  *p = TransposeParams{};
  p->rank = rank;
  p->input_elements = 1;
  for (int32_t d = 0; d < rank; ++d) {
    ARENASTORE_CHECK_OR_RETURN(
        perm[d] >= 0 && perm[d] < rank && !used[perm[d]], ErrorCode::kKernelInvalidParams,
        "transpose: perm[%d] = %d is not a new dimension of rank %d", d, perm[d], rank);
    used[perm[d]] = true;
    p->count[d] = input_shape[perm[d]];
    p->input_step[d] = strides[perm[d]];
    p->input_elements *= input_shape[d];
  }
  return CheckStridedCopyParams(*p, "transpose");
}

using Rows = KernelRows<OpKind::kTranspose>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TransposeScratchBytes, &ref::Transpose>(),
    // The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
    Rows::Int16Row<Isa::kRef, &ref::TransposeScratchBytes, &ref::Transpose>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::TransposeScratchBytes, &x86_avx2::Transpose>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::TransposeScratchBytes,
              &x86_avx512vnni::Transpose>(),
#endif
};
extern const OpKernels kTransposeKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
