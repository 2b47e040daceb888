#include "ops/squared_difference/ref.h"

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "squared_difference/ref";

int8_t SquaredDifferenceElement(const SquaredDifferenceParams& p, int8_t a, int8_t b) {
  const int32_t shifted1 = (p.input1_offset + a) * (1 << p.left_shift);
  const int32_t shifted2 = (p.input2_offset + b) * (1 << p.left_shift);
  const int32_t scaled1 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted1, p.input1_multiplier, p.input1_shift);
  const int32_t scaled2 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted2, p.input2_multiplier, p.input2_shift);
  const int32_t difference = scaled1 - scaled2;  // |difference| <= 255 * 2^7: squares in int32
  const int32_t result =
      MultiplyByQuantizedMultiplier(difference * difference, p.output_multiplier, p.output_shift) +
      p.output_offset;
  return static_cast<int8_t>(Clamp(result, -128, 127));
}

}  // namespace

size_t SquaredDifferenceScratchBytes(const SquaredDifferenceParams&) { return 0; }

Status SquaredDifference(const SquaredDifferenceParams& params, const int8_t* input1,
                         const int8_t* input2, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SquaredDifferenceScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSquaredDifferenceParams(params, kName));
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = SquaredDifferenceElement(params, input1[in1], input2[in2]);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
