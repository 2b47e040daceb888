#include "ops/broadcast_to/ref.h"

#include "kernels/strided_copy.h"

namespace arenastore::kernels::ref {

size_t BroadcastToScratchBytes(const BroadcastToParams&) { return 0; }

Status BroadcastTo(const BroadcastToParams& params, const int8_t* input, int8_t* output,
                   std::span<uint8_t> scratch) {
  return CheckedStridedCopy("broadcast_to/ref", params, CheckBroadcastToParams, input, output,
                            scratch);
}

}  // namespace arenastore::kernels::ref
