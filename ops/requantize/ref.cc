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
    // TFLM centres, rescales and offsets in int32, each step wrapping on overflow: an int32
    // input can overflow all three (its centring, a left-shifted rescale of a large value, an
    // output zero point added to a rescale near the int32 limits), an int8 or int16 one only
    // the last, under extreme scales. The clamp comes after, so a sum that wrapped clamps to the
    // other end of the range, as TFLM's does.
    const int32_t centred =
        WrappingAdd(LoadInteger(input, params.input_type, i),
                    static_cast<int32_t>(0u - static_cast<uint32_t>(params.input_zero_point)));
    const int32_t rescaled =
        MultiplyByQuantizedMultiplier(centred, params.multiplier, params.shift);
    StoreSaturated(output, params.output_type, i, WrappingAdd(rescaled, params.output_zero_point));
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
