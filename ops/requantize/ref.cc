#include "ops/requantize/ref.h"

#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "requantize/ref";

}  // namespace

size_t RequantizeScratchBytes(const RequantizeParams&) { return 0; }

Status Requantize(const RequantizeParams& params, const void* input, void* output,
                  std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), RequantizeScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckRequantizeParams(params, kName));
  for (int32_t i = 0; i < params.elements; ++i) {
    const int32_t centred = LoadInteger(input, params.input_type, i) - params.input_zero_point;
    const int32_t rescaled =
        MultiplyByQuantizedMultiplier(centred, params.multiplier, params.shift);
    StoreSaturated(output, params.output_type, i, int64_t{rescaled} + params.output_zero_point);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
