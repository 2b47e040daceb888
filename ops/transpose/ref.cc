#include "ops/transpose/ref.h"

#include "kernels/strided_copy.h"

namespace arenastore::kernels::ref {

size_t TransposeScratchBytes(const TransposeParams&) { return 0; }

Status Transpose(const TransposeParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  return CheckedStridedCopy("transpose/ref", params, CheckTransposeParams, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
