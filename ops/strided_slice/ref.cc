#include "ops/strided_slice/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "strided_slice/ref";

}  // namespace

size_t StridedSliceScratchBytes(const StridedSliceParams&) { return 0; }

Status StridedSlice(const StridedSliceParams& params, const int8_t* input, int8_t* output,
                    std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), StridedSliceScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckStridedSliceParams(params, kName));
  RunStridedCopy(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
