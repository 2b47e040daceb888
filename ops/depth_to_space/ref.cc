#include "ops/depth_to_space/ref.h"

#include "kernels/strided_copy.h"

namespace arenastore::kernels::ref {

size_t DepthToSpaceScratchBytes(const DepthToSpaceParams&) { return 0; }

Status DepthToSpace(const DepthToSpaceParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch) {
  return CheckedStridedCopy("depth_to_space/ref", params, CheckDepthToSpaceParams, input, output,
                            scratch);
}

}  // namespace arenastore::kernels::ref
