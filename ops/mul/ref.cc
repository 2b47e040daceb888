#include "ops/mul/ref.h"

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "mul/ref";

// One element of either width (T: int8 or int16). The params check keeps the product inside
// int32 (int8 offsets, or int16 values with zero offsets: at most 2^30).
template <typename T>
T MulElement(const MulParams& p, T a, T b) {
  const int32_t product = (p.input1_offset + a) * (p.input2_offset + b);
  const int32_t result = WrappingAdd(
      MultiplyByQuantizedMultiplier(product, p.output_multiplier, p.output_shift), p.output_offset);
  return static_cast<T>(Clamp(result, p.activation_min, p.activation_max));
}

}  // namespace

size_t MulScratchBytes(const MulParams&) { return 0; }

Status Mul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<MulElement<int8_t>>(kName, params, CheckMulParams, input1,
                                                         input2, output, scratch);
}

Status MulInt16(const MulParams& params, const int16_t* input1, const int16_t* input2,
                int16_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<MulElement<int16_t>>(kName, params, CheckInt16MulParams,
                                                          input1, input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
