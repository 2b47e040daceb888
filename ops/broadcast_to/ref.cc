#include "ops/broadcast_to/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "broadcast_to/ref";

}  // namespace

size_t BroadcastToScratchBytes(const BroadcastToParams&) { return 0; }

Status BroadcastTo(const BroadcastToParams& params, const int8_t* input, int8_t* output,
                   std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), BroadcastToScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckBroadcastToParams(params, kName));
  RunStridedCopy(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
