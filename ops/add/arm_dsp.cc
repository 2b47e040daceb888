#include "ops/add/arm_dsp.h"

#include "kernels/arm_dsp/broadcast_shapes.h"
#include "kernels/arm_dsp/simd32.h"
#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr const char* kName = "add/arm_dsp";

void AddSameShape(const AddParams& p, const int8_t* input1, const int8_t* input2, int8_t* output,
                  int64_t count) {
  const uint32_t offset1 = PackPair(p.input1_offset, p.input1_offset);
  const uint32_t offset2 = PackPair(p.input2_offset, p.input2_offset);
  int64_t i = 0;
  for (; i + 4 <= count; i += 4) {
    const OffsetPairs a = WidenWithOffset(LoadWord(input1 + i), offset1);
    const OffsetPairs b = WidenWithOffset(LoadWord(input2 + i), offset2);
    output[i] = AddOffsetElement(p, LowLane(a.even), LowLane(b.even));
    output[i + 1] = AddOffsetElement(p, LowLane(a.odd), LowLane(b.odd));
    output[i + 2] = AddOffsetElement(p, HighLane(a.even), HighLane(b.even));
    output[i + 3] = AddOffsetElement(p, HighLane(a.odd), HighLane(b.odd));
  }
  for (; i < count; ++i) {
    output[i] = AddOffsetElement(p, input1[i] + p.input1_offset, input2[i] + p.input2_offset);
  }
}

}  // namespace

int8_t AddOffsetElement(const AddParams& p, int32_t offset_input1, int32_t offset_input2) {
  const int32_t shifted1 = offset_input1 * (1 << p.left_shift);
  const int32_t shifted2 = offset_input2 * (1 << p.left_shift);
  const int32_t scaled1 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted1, p.input1_multiplier, p.input1_shift);
  const int32_t scaled2 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted2, p.input2_multiplier, p.input2_shift);
  const int32_t sum = MultiplyByQuantizedMultiplierSmallerThanOneExp(
                          scaled1 + scaled2, p.output_multiplier, p.output_shift) +
                      p.output_offset;
  return static_cast<int8_t>(Clamp(sum, p.activation_min, p.activation_max));
}

size_t AddScratchBytes(const AddParams&) { return 0; }

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AddScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckAddParams(params, kName));
  if (SameShapes(params.shapes)) {
    AddSameShape(params, input1, input2, output, ElementCount(params.shapes.output));
    return Status::Ok();
  }
  ref::ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = AddOffsetElement(params, input1[in1] + params.input1_offset,
                                   input2[in2] + params.input2_offset);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_dsp
