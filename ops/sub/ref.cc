#include "ops/sub/ref.h"

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/rescaled_operands.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "sub/ref";

// One element of either width (T: int8 or int16). The params check bounds each shifted input
// inside int32; the difference and the offset wrap as TFLM's int32 arithmetic does, so hostile
// multipliers cannot overflow.
template <typename T>
T SubElement(const SubParams& p, T a, T b) {
  const auto [scaled1, scaled2] = RescaleOperands(p, a, b);
  const auto raw = static_cast<int32_t>(static_cast<uint32_t>(scaled1) -
                                        static_cast<uint32_t>(scaled2));  // wraps as TFLM's
  const int32_t difference = WrappingAdd(
      MultiplyByQuantizedMultiplierSmallerThanOneExp(raw, p.output_multiplier, p.output_shift),
      p.output_offset);
  return static_cast<T>(Clamp(difference, p.activation_min, p.activation_max));
}

}  // namespace

size_t SubScratchBytes(const SubParams&) { return 0; }

Status Sub(const SubParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<SubElement<int8_t>>(kName, params, CheckSubParams, input1,
                                                         input2, output, scratch);
}

Status SubInt16(const SubParams& params, const int16_t* input1, const int16_t* input2,
                int16_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<SubElement<int16_t>>(kName, params, CheckInt16SubParams,
                                                          input1, input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
