#include "ops/prelu/ref.h"

#include <limits>
#include <type_traits>

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

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

template <typename T>
Status PreluOf(const PreluParams& params, const T* input, const int8_t* alpha, T* output,
               std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), PreluScratchBytes(params));
  if constexpr (std::is_same_v<T, int8_t>) {
    ARENASTORE_RETURN_IF_ERROR(CheckPreluParams(params, kName));
  } else {
    ARENASTORE_RETURN_IF_ERROR(CheckInt16PreluParams(params, kName));
  }
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in, ptrdiff_t a) {
    output[out] = PreluElement<T>(params, input[in], alpha[a]);
  });
  return Status::Ok();
}

}  // namespace

size_t PreluScratchBytes(const PreluParams&) { return 0; }

Status Prelu(const PreluParams& params, const int8_t* input, const int8_t* alpha, int8_t* output,
             std::span<uint8_t> scratch) {
  return PreluOf(params, input, alpha, output, scratch);
}

Status PreluInt16(const PreluParams& params, const int16_t* input, const int8_t* alpha,
                  int16_t* output, std::span<uint8_t> scratch) {
  return PreluOf(params, input, alpha, output, scratch);
}

}  // namespace arenastore::kernels::ref
