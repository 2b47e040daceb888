#include "ops/squared_difference/ref.h"

#include <limits>

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/rescaled_operands.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "squared_difference/ref";

// One element of either width (T: int8 or int16). With the checked params and multipliers below
// one, |difference| <= 255 * 2^7 (int8) or 2^15 (int16) squares inside int32; the square and
// the offset wrap as TFLM's int32 arithmetic does, so hostile multipliers cannot overflow.
template <typename T>
T SquaredDifferenceElement(const SquaredDifferenceParams& p, T a, T b) {
  const auto [scaled1, scaled2] = RescaleOperands(p, a, b);
  const uint32_t difference = static_cast<uint32_t>(scaled1) - static_cast<uint32_t>(scaled2);
  const auto square = static_cast<int32_t>(difference * difference);
  const int32_t result = WrappingAdd(
      MultiplyByQuantizedMultiplier(square, p.output_multiplier, p.output_shift), p.output_offset);
  return static_cast<T>(
      Clamp(result, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
}

}  // namespace

size_t SquaredDifferenceScratchBytes(const SquaredDifferenceParams&) { return 0; }

Status SquaredDifference(const SquaredDifferenceParams& params, const int8_t* input1,
                         const int8_t* input2, int8_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<SquaredDifferenceElement<int8_t>>(
      kName, params, CheckSquaredDifferenceParams, input1, input2, output, scratch);
}

Status SquaredDifferenceInt16(const SquaredDifferenceParams& params, const int16_t* input1,
                              const int16_t* input2, int16_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<SquaredDifferenceElement<int16_t>>(
      kName, params, CheckInt16SquaredDifferenceParams, input1, input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
