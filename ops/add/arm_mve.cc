#include "ops/add/arm_mve.h"

#include "kernels/arm_dsp/broadcast_shapes.h"
#include "kernels/arm_mve/helium.h"
#include "kernels/broadcast.h"
#include "kernels/scratch_check.h"
#include "ops/add/arm_dsp.h"

namespace arenastore::kernels::arm_mve {
namespace {

constexpr const char* kName = "add/arm_mve";

// AddParams' scalars as a local copy: the int8 output stores may alias the caller's params,
// which would otherwise be reloaded for every four elements.
struct Scales {
  int32_t input1_offset, input2_offset, output_offset, left_scale;
  int32_t input1_multiplier, input1_shift, input2_multiplier, input2_shift;
  int32_t output_multiplier, output_shift, activation_min, activation_max;
};

Scales ScalesOf(const AddParams& p) {
  return {p.input1_offset,     p.input2_offset, p.output_offset,     1 << p.left_shift,
          p.input1_multiplier, p.input1_shift,  p.input2_multiplier, p.input2_shift,
          p.output_multiplier, p.output_shift,  p.activation_min,    p.activation_max};
}

// The ref formula for four elements at once; offsets and left shift are exact in int32.
inline __attribute__((always_inline)) Int32x4 AddLanes(const Scales& s, Int32x4 input1,
                                                       Int32x4 input2) {
  const Int32x4 shifted1 = MulScalar(AddScalar(input1, s.input1_offset), s.left_scale);
  const Int32x4 shifted2 = MulScalar(AddScalar(input2, s.input2_offset), s.left_scale);
  const Int32x4 scaled1 = RescaleBelowOne(shifted1, s.input1_multiplier, s.input1_shift);
  const Int32x4 scaled2 = RescaleBelowOne(shifted2, s.input2_multiplier, s.input2_shift);
  const Int32x4 sum = RescaleBelowOne(Add(scaled1, scaled2), s.output_multiplier, s.output_shift);
  return Clamp(AddScalar(sum, s.output_offset), s.activation_min, s.activation_max);
}

}  // namespace

size_t AddScratchBytes(const AddParams&) { return 0; }

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AddScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckAddParams(params, kName));
  if (arm_dsp::SameShapes(params.shapes)) {
    // The tensors are in memory, so their element count fits ptrdiff_t (no 64-bit loop).
    const auto count = static_cast<ptrdiff_t>(arm_dsp::ElementCount(params.shapes.output));
    const Scales scales = ScalesOf(params);
    ptrdiff_t i = 0;
    for (; i + kInt32Lanes <= count; i += kInt32Lanes) {
      StoreS8x4(output + i, AddLanes(scales, LoadS8x4(input1 + i), LoadS8x4(input2 + i)));
    }
    if (i < count) {
      const auto lanes = static_cast<int32_t>(count - i);
      StoreS8(output + i, AddLanes(scales, LoadS8(input1 + i, lanes), LoadS8(input2 + i, lanes)),
              lanes);
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
