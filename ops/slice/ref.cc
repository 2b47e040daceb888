#include "ops/slice/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "slice/ref";

}  // namespace

size_t SliceScratchBytes(const SliceParams&) { return 0; }

Status Slice(const SliceParams& params, const int8_t* input, int8_t* output,
             std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SliceScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSliceParams(params, kName));
  RunStridedCopy(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
