#include "ops/strided_slice/x86.h"

#include "kernels/scratch_check.h"
#include "ops/strided_slice/strided_slice.h"

namespace arenastore::kernels::x86 {

Status StridedSliceEntry(const X86Variant& variant, StridedSliceKernel kernel,
                         const StridedSliceParams& params, const int8_t* input, int8_t* output,
                         std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckStridedSliceParams(params, variant.name));
  if (StridedCopyOutputElements(params) == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
