#include "ops/add/ref.h"

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/rescaled_operands.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "add/ref";

// One element of either width (T: int8 or int16). The params check bounds each shifted input
// inside int32; the sum and the offset wrap as TFLM's int32 adds do, so hostile multipliers
// cannot overflow.
template <typename T>
T AddElement(const AddParams& p, T a, T b) {
  const auto [scaled1, scaled2] = RescaleOperands(p, a, b);
  const int32_t sum =
      WrappingAdd(MultiplyByQuantizedMultiplierSmallerThanOneExp(
                      WrappingAdd(scaled1, scaled2), p.output_multiplier, p.output_shift),
                  p.output_offset);
  return static_cast<T>(Clamp(sum, p.activation_min, p.activation_max));
}

}  // namespace

size_t AddScratchBytes(const AddParams&) { return 0; }

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<AddElement<int8_t>>(kName, params, CheckAddParams, input1,
                                                         input2, output, scratch);
}

Status AddInt16(const AddParams& params, const int16_t* input1, const int16_t* input2,
                int16_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<AddElement<int16_t>>(kName, params, CheckInt16AddParams,
                                                          input1, input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
