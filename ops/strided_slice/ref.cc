#include "ops/strided_slice/ref.h"

#include "kernels/strided_copy.h"

namespace arenastore::kernels::ref {

size_t StridedSliceScratchBytes(const StridedSliceParams&) { return 0; }

Status StridedSlice(const StridedSliceParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch) {
  return CheckedStridedCopy("strided_slice/ref", params, CheckStridedSliceParams, input, output,
                            scratch);
}

}  // namespace arenastore::kernels::ref
