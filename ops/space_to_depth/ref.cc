#include "ops/space_to_depth/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "space_to_depth/ref";

}  // namespace

size_t SpaceToDepthScratchBytes(const SpaceToDepthParams&) { return 0; }

Status SpaceToDepth(const SpaceToDepthParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SpaceToDepthScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSpaceToDepthParams(params, kName));
  RunStridedCopy(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
