#include "ops/add/ref.h"

#include <type_traits>

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "add/ref";

// One element of either width (T: int8 or int16). The params check bounds each shifted input
// inside int32; the sum and the offset wrap as TFLM's int32 adds do, so hostile multipliers
// cannot overflow.
template <typename T>
T AddElement(const AddParams& p, T a, T b) {
  const int32_t shifted1 = (p.input1_offset + a) * (1 << p.left_shift);
  const int32_t shifted2 = (p.input2_offset + b) * (1 << p.left_shift);
  const int32_t scaled1 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted1, p.input1_multiplier, p.input1_shift);
  const int32_t scaled2 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted2, p.input2_multiplier, p.input2_shift);
  const int32_t sum =
      WrappingAdd(MultiplyByQuantizedMultiplierSmallerThanOneExp(
                      WrappingAdd(scaled1, scaled2), p.output_multiplier, p.output_shift),
                  p.output_offset);
  return static_cast<T>(Clamp(sum, p.activation_min, p.activation_max));
}

template <typename T>
Status AddOf(const AddParams& params, const T* input1, const T* input2, T* output,
             std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AddScratchBytes(params));
  if constexpr (std::is_same_v<T, int8_t>) {
    ARENASTORE_RETURN_IF_ERROR(CheckAddParams(params, kName));
  } else {
    ARENASTORE_RETURN_IF_ERROR(CheckInt16AddParams(params, kName));
  }
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = AddElement<T>(params, input1[in1], input2[in2]);
  });
  return Status::Ok();
}

}  // namespace

size_t AddScratchBytes(const AddParams&) { return 0; }

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  return AddOf(params, input1, input2, output, scratch);
}

Status AddInt16(const AddParams& params, const int16_t* input1, const int16_t* input2,
                int16_t* output, std::span<uint8_t> scratch) {
  return AddOf(params, input1, input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
