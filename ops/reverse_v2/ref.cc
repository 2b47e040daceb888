#include "ops/reverse_v2/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "reverse_v2/ref";

}  // namespace

size_t ReverseV2ScratchBytes(const ReverseV2Params&) { return 0; }

Status ReverseV2(const ReverseV2Params& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ReverseV2ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckReverseV2Params(params, kName));
  RunStridedCopy(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
