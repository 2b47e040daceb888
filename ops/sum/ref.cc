#include "ops/sum/ref.h"

#include <cstdint>

#include "kernels/scratch_check.h"
#include "ops/mean/rescaled_sums.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "sum/ref";

// One body for both widths: T is the element (int8 or int16).
template <typename T>
Status SumOf(const SumParams& params, const T* input, T* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SumScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSumParams(params, kName));
  ARENASTORE_CHECK_OR_RETURN(reinterpret_cast<uintptr_t>(scratch.data()) % alignof(int32_t) == 0,
                             ErrorCode::kKernelInvalidParams, "%s: scratch is not %zu-byte aligned",
                             kName, alignof(int32_t));
  SumAndRescaleOf(params, input, output, reinterpret_cast<int32_t*>(scratch.data()));
  return Status::Ok();
}

}  // namespace

size_t SumScratchBytes(const SumParams& params) { return ReduceSumScratchBytes(params); }

Status Sum(const SumParams& params, const int8_t* input, int8_t* output,
           std::span<uint8_t> scratch) {
  return SumOf(params, input, output, scratch);
}

Status SumInt16(const SumParams& params, const int16_t* input, int16_t* output,
                std::span<uint8_t> scratch) {
  return SumOf(params, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
