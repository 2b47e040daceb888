#include "ops/reverse_v2/ref.h"

#include "kernels/strided_copy.h"

namespace arenastore::kernels::ref {

size_t ReverseV2ScratchBytes(const ReverseV2Params&) { return 0; }

Status ReverseV2(const ReverseV2Params& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  return CheckedStridedCopy("reverse_v2/ref", params, CheckReverseV2Params, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
