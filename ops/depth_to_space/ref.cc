#include "ops/depth_to_space/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "depth_to_space/ref";

}  // namespace

size_t DepthToSpaceScratchBytes(const DepthToSpaceParams&) { return 0; }

Status DepthToSpace(const DepthToSpaceParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthToSpaceScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthToSpaceParams(params, kName));
  RunStridedCopy(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
