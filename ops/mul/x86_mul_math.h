// TensorFlow Lite's mul on a vector of int32 lanes, shared by mul's x86 kernel files (see x86.h)
// as a template over the ISA's lane policy (`Lanes`: x86_<isa>/simd.h's Int32Lanes, a type with
// internal linkage, so each file instantiates its own copy with its own flags). Include only from
// *_kernel.cc files, after the ISA's simd.h. Never allocates.
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "kernels/op_params.h"
#include "kernels/x86_common/int32_lanes.h"

namespace arenastore::kernels::x86 {

// (a + offset1) * (b + offset2), MultiplyByQuantizedMultiplier (left shift, doubling high
// multiply, rounding right shift), output offset, clamp in int32 (the activation range need not
// lie inside int8).
template <class Lanes>
struct MulMathOf {
  using V = typename Lanes::V;
  V offset1, offset2, output_offset, low, high;
  V multiplier, right_shift, round_mask, round_half;
  __m128i left_shift;

  explicit MulMathOf(const MulParams& p)
      : offset1(Lanes::Set1(p.input1_offset)),
        offset2(Lanes::Set1(p.input2_offset)),
        output_offset(Lanes::Set1(p.output_offset)),
        low(Lanes::Set1(p.activation_min)),
        high(Lanes::Set1(p.activation_max)),
        multiplier(Lanes::Set1(p.output_multiplier)),
        right_shift(Lanes::Set1(p.output_shift > 0 ? 0 : -p.output_shift)),
        round_mask(Lanes::Set1(Mask(p.output_shift))),
        round_half(Lanes::Set1(Mask(p.output_shift) >> 1)),
        left_shift(_mm_cvtsi32_si128(p.output_shift > 0 ? p.output_shift : 0)) {}

  static int32_t Mask(int32_t shift) {
    return static_cast<int32_t>((int64_t{1} << (shift > 0 ? 0 : -shift)) - 1);
  }

  // The clamped int32 results of a lane's mul.
  ARENASTORE_X86_INLINE V Of(V a, V b) const {
    const V product = Lanes::Mullo(Lanes::Add(a, offset1), Lanes::Add(b, offset2));
    const V x = Lanes::ShiftLeft(product, left_shift);
    const V scaled = Lanes::RoundingShiftRight(
        Lanes::SaturateMinTimesMin(Lanes::DoublingHighMul(x, multiplier), x, multiplier),
        right_shift, round_mask, round_half);
    return Lanes::Clamp(Lanes::Add(scaled, output_offset), low, high);
  }
};

}  // namespace arenastore::kernels::x86
