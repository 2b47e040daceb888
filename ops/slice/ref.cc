#include "ops/slice/ref.h"

#include "kernels/strided_copy.h"

namespace arenastore::kernels::ref {

size_t SliceScratchBytes(const SliceParams&) { return 0; }

Status Slice(const SliceParams& params, const int8_t* input, int8_t* output,
             std::span<uint8_t> scratch) {
  return CheckedStridedCopy("slice/ref", params, CheckSliceParams, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
