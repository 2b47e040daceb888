#include "ops/prelu/ref.h"

#include <limits>

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "prelu/ref";

// One element of either width (T: int8 or int16; alpha is int8 at both). The checked offsets
// keep the product within 2^16 * 2^8; the output offset wraps as TFLM's int32 add does.
template <typename T>
T PreluElement(const PreluParams& p, T x, int8_t alpha) {
  const int32_t input = p.input1_offset + x;
  const int32_t scaled =
      input >= 0 ? MultiplyByQuantizedMultiplier(input, p.positive_multiplier, p.positive_shift)
                 : MultiplyByQuantizedMultiplier(input * (p.input2_offset + alpha),
                                                 p.negative_multiplier, p.negative_shift);
  return static_cast<T>(Clamp(WrappingAdd(scaled, p.output_offset), std::numeric_limits<T>::min(),
                              std::numeric_limits<T>::max()));
}

}  // namespace

size_t PreluScratchBytes(const PreluParams&) { return 0; }

Status Prelu(const PreluParams& params, const int8_t* input, const int8_t* alpha, int8_t* output,
             std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<PreluElement<int8_t>>(kName, params, CheckPreluParams, input,
                                                           alpha, output, scratch);
}

Status PreluInt16(const PreluParams& params, const int16_t* input, const int8_t* alpha,
                  int16_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<PreluElement<int16_t>>(kName, params, CheckInt16PreluParams,
                                                            input, alpha, output, scratch);
}

}  // namespace arenastore::kernels::ref
