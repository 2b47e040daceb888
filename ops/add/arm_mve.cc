#include "ops/add/arm_mve.h"

#include "kernels/arm_dsp/broadcast_shapes.h"
#include "kernels/arm_mve/helium.h"
#include "kernels/broadcast.h"
#include "kernels/scratch_check.h"
#include "ops/add/arm_dsp.h"

namespace arenastore::kernels::arm_mve {
namespace {

constexpr const char* kName = "add/arm_mve";

// The ref formula for `lanes` elements at once; offsets and left shift are exact in int32.
Int32x4 AddLanes(const AddParams& p, const int8_t* input1, const int8_t* input2, int32_t lanes) {
  const int32_t scale = 1 << p.left_shift;
  const Int32x4 shifted1 = MulScalar(AddScalar(LoadS8(input1, lanes), p.input1_offset), scale);
  const Int32x4 shifted2 = MulScalar(AddScalar(LoadS8(input2, lanes), p.input2_offset), scale);
  const Int32x4 scaled1 = RescaleBelowOne(shifted1, p.input1_multiplier, p.input1_shift);
  const Int32x4 scaled2 = RescaleBelowOne(shifted2, p.input2_multiplier, p.input2_shift);
  const Int32x4 sum = RescaleBelowOne(Add(scaled1, scaled2), p.output_multiplier, p.output_shift);
  return Clamp(AddScalar(sum, p.output_offset), p.activation_min, p.activation_max);
}

}  // namespace

size_t AddScratchBytes(const AddParams&) { return 0; }

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AddScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckAddParams(params, kName));
  if (arm_dsp::SameShapes(params.shapes)) {
    const int64_t count = arm_dsp::ElementCount(params.shapes.output);
    for (int64_t i = 0; i < count; i += kInt32Lanes) {
      const int32_t lanes = count - i < kInt32Lanes ? static_cast<int32_t>(count - i) : kInt32Lanes;
      StoreS8(output + i, AddLanes(params, input1 + i, input2 + i, lanes), lanes);
    }
    return Status::Ok();
  }
  ref::ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = arm_dsp::AddOffsetElement(params, input1[in1] + params.input1_offset,
                                            input2[in2] + params.input2_offset);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_mve
