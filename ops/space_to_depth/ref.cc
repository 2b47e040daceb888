#include "ops/space_to_depth/ref.h"

#include "kernels/strided_copy.h"

namespace arenastore::kernels::ref {

size_t SpaceToDepthScratchBytes(const SpaceToDepthParams&) { return 0; }

Status SpaceToDepth(const SpaceToDepthParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch) {
  return CheckedStridedCopy("space_to_depth/ref", params, CheckSpaceToDepthParams, input, output,
                            scratch);
}

}  // namespace arenastore::kernels::ref
