// TensorFlow Lite's add (and sub: the second scaled operand subtracted) on a vector of int32 lanes,
// shared by add's and sub's x86 kernel files (x86_avx2_add_sub.h, x86_avx512vnni_add_sub.h) as a
// template over the ISA's lane policy (`Lanes`: x86_<isa>/simd.h's Int32Lanes, a type with
// internal linkage, so each file instantiates its own copy with its own flags). Include only from
// those headers, after the ISA's simd.h. Never allocates.
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "kernels/op_params.h"
#include "kernels/x86_common/int32_lanes.h"
#include "ops/add/x86.h"

namespace arenastore::kernels::x86 {

// MultiplyByQuantizedMultiplierSmallerThanOneExp with its constants broadcast once.
template <class Lanes>
struct RescaleOf {
  using V = typename Lanes::V;
  V multiplier, right_shift, round_mask, round_half;

  static RescaleOf Of(int32_t multiplier, int32_t shift) {
    const int32_t right = -shift;  // shift is in [-31, 0]
    const auto mask = static_cast<int32_t>((int64_t{1} << right) - 1);
    return {Lanes::Set1(multiplier), Lanes::Set1(right), Lanes::Set1(mask), Lanes::Set1(mask >> 1)};
  }

  // `x_may_be_min`: whether x can be INT32_MIN, the one saturating case of the doubling high
  // multiply (with a multiplier of INT32_MIN). The shifted inputs never are: |x| <= 256 << 22.
  ARENASTORE_X86_INLINE V Apply(V x, bool x_may_be_min) const {
    V high = Lanes::DoublingHighMul(x, multiplier);
    if (x_may_be_min) high = Lanes::SaturateMinTimesMin(high, x, multiplier);
    return Lanes::RoundingShiftRight(high, right_shift, round_mask, round_half);
  }
};

template <class Lanes, SecondOperand kSecond>
struct AddSubMathOf {
  using V = typename Lanes::V;
  __m128i left_shift;
  V offset1, offset2, output_offset, low, high;
  RescaleOf<Lanes> scale1, scale2, scale_out;
  bool output_may_saturate;  // the output multiplier is INT32_MIN (a sum can be too)

  explicit AddSubMathOf(const AddParams& p)
      : left_shift(_mm_cvtsi32_si128(p.left_shift)),
        offset1(Lanes::Set1(p.input1_offset)),
        offset2(Lanes::Set1(p.input2_offset)),
        output_offset(Lanes::Set1(p.output_offset)),
        low(Lanes::Set1(p.activation_min)),
        high(Lanes::Set1(p.activation_max)),
        scale1(RescaleOf<Lanes>::Of(p.input1_multiplier, p.input1_shift)),
        scale2(RescaleOf<Lanes>::Of(p.input2_multiplier, p.input2_shift)),
        scale_out(RescaleOf<Lanes>::Of(p.output_multiplier, p.output_shift)),
        output_may_saturate(p.output_multiplier == INT32_MIN) {}

  // The sums (differences), clamped in int32 like ref (the activation range need not lie inside
  // int8). Both wrap like ref's int32 arithmetic.
  ARENASTORE_X86_INLINE V Of(V a, V b) const {
    const V x1 = Lanes::ShiftLeft(Lanes::Add(a, offset1), left_shift);
    const V x2 = Lanes::ShiftLeft(Lanes::Add(b, offset2), left_shift);
    const V scaled1 = scale1.Apply(x1, false), scaled2 = scale2.Apply(x2, false);
    const V sum = kSecond == SecondOperand::kAdded ? Lanes::Add(scaled1, scaled2)
                                                   : Lanes::Sub(scaled1, scaled2);
    return Lanes::Clamp(Lanes::Add(scale_out.Apply(sum, output_may_saturate), output_offset), low,
                        high);
  }
};

}  // namespace arenastore::kernels::x86
