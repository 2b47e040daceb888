#include "ops/mean/ref.h"

#include <cstdint>

#include "kernels/scratch_check.h"
#include "ops/mean/rescaled_sums.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "mean/ref";

// One body for both widths: T is the element (int8 or int16).
template <typename T>
Status MeanOf(const MeanParams& params, const T* input, T* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), MeanScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckMeanParams(params, kName));
  ARENASTORE_CHECK_OR_RETURN(reinterpret_cast<uintptr_t>(scratch.data()) % alignof(int32_t) == 0,
                             ErrorCode::kKernelInvalidParams, "%s: scratch is not %zu-byte aligned",
                             kName, alignof(int32_t));
  SumAndRescaleOf(params, input, output, reinterpret_cast<int32_t*>(scratch.data()));
  return Status::Ok();
}

}  // namespace

size_t MeanScratchBytes(const MeanParams& params) { return ReduceSumScratchBytes(params); }

Status Mean(const MeanParams& params, const int8_t* input, int8_t* output,
            std::span<uint8_t> scratch) {
  return MeanOf(params, input, output, scratch);
}

Status MeanInt16(const MeanParams& params, const int16_t* input, int16_t* output,
                 std::span<uint8_t> scratch) {
  return MeanOf(params, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
