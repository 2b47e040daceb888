#include "ops/rsqrt/ref.h"

#include <limits>

#include "kernels/fixed_point.h"
#include "kernels/int16_rescale.h"
#include "kernels/inv_sqrt.h"
#include "kernels/scratch_check.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "rsqrt/ref";
constexpr int32_t kMax = std::numeric_limits<int16_t>::max();

}  // namespace

Status RsqrtInt16(const RsqrtParams& params, const int16_t* input, int16_t* output,
                  std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), TableLookupScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckTableLookupParams(params, kName));
  const Int16Rescale rescale = ReadInt16Rescale(params);
  // The output rescale runs after the 2^20 scaling is taken back out of its shift.
  const int32_t shift = rescale.shift - kRsqrtShift;
  ARENASTORE_CHECK_OR_RETURN(shift >= -31 && rescale.shift <= 30, ErrorCode::kKernelInvalidParams,
                             "%s: shift %d not in [%d, 30]", kName, rescale.shift,
                             kRsqrtShift - 31);
  for (int32_t i = 0; i < params.elements; ++i) {
    const int32_t value = input[i];
    if (value <= 0) {
      output[i] = static_cast<int16_t>(kMax);
      continue;
    }
    const int32_t result =
        MultiplyByQuantizedMultiplier(ScaledInvSqrt(value), rescale.multiplier, shift);
    output[i] = static_cast<int16_t>(Clamp(result, std::numeric_limits<int16_t>::min(), kMax));
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
