#include "ops/abs/ref.h"

#include <limits>

#include "kernels/fixed_point.h"
#include "kernels/int16_rescale.h"
#include "kernels/scratch_check.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "abs/ref";

}  // namespace

Status AbsInt16(const AbsParams& params, const int16_t* input, int16_t* output,
                std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), TableLookupScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckTableLookupParams(params, kName));
  const Int16Rescale rescale = ReadInt16Rescale(params);
  ARENASTORE_CHECK_OR_RETURN(rescale.shift >= -31 && rescale.shift <= 30,
                             ErrorCode::kKernelInvalidParams, "%s: shift %d not in [-31, 30]",
                             kName, rescale.shift);
  for (int32_t i = 0; i < params.elements; ++i) {
    const int32_t magnitude = input[i] < 0 ? -int32_t{input[i]} : int32_t{input[i]};
    const int32_t value =
        MultiplyByQuantizedMultiplier(magnitude, rescale.multiplier, rescale.shift);
    output[i] = static_cast<int16_t>(
        Clamp(value, std::numeric_limits<int16_t>::min(), std::numeric_limits<int16_t>::max()));
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
