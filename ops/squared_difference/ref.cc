#include "ops/squared_difference/ref.h"

#include <limits>
#include <type_traits>

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "squared_difference/ref";

// One element of either width (T: int8 or int16). With the checked params and multipliers below
// one, |difference| <= 255 * 2^7 (int8) or 2^15 (int16) squares inside int32; the square and
// the offset wrap as TFLM's int32 arithmetic does, so hostile multipliers cannot overflow.
template <typename T>
T SquaredDifferenceElement(const SquaredDifferenceParams& p, T a, T b) {
  const int32_t shifted1 = (p.input1_offset + a) * (1 << p.left_shift);
  const int32_t shifted2 = (p.input2_offset + b) * (1 << p.left_shift);
  const int32_t scaled1 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted1, p.input1_multiplier, p.input1_shift);
  const int32_t scaled2 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted2, p.input2_multiplier, p.input2_shift);
  const uint32_t difference = static_cast<uint32_t>(scaled1) - static_cast<uint32_t>(scaled2);
  const auto square = static_cast<int32_t>(difference * difference);
  const int32_t result = WrappingAdd(
      MultiplyByQuantizedMultiplier(square, p.output_multiplier, p.output_shift), p.output_offset);
  return static_cast<T>(
      Clamp(result, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
}

template <typename T>
Status SquaredDifferenceOf(const SquaredDifferenceParams& params, const T* input1, const T* input2,
                           T* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SquaredDifferenceScratchBytes(params));
  if constexpr (std::is_same_v<T, int8_t>) {
    ARENASTORE_RETURN_IF_ERROR(CheckSquaredDifferenceParams(params, kName));
  } else {
    ARENASTORE_RETURN_IF_ERROR(CheckInt16SquaredDifferenceParams(params, kName));
  }
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = SquaredDifferenceElement<T>(params, input1[in1], input2[in2]);
  });
  return Status::Ok();
}

}  // namespace

size_t SquaredDifferenceScratchBytes(const SquaredDifferenceParams&) { return 0; }

Status SquaredDifference(const SquaredDifferenceParams& params, const int8_t* input1,
                         const int8_t* input2, int8_t* output, std::span<uint8_t> scratch) {
  return SquaredDifferenceOf(params, input1, input2, output, scratch);
}

Status SquaredDifferenceInt16(const SquaredDifferenceParams& params, const int16_t* input1,
                              const int16_t* input2, int16_t* output, std::span<uint8_t> scratch) {
  return SquaredDifferenceOf(params, input1, input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
