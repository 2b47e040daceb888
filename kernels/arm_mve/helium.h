// The Helium (M-profile Vector Extension) operations the arm_mve kernels use: 16-lane int8 dot
// products with predicated tails, and 4-lane int32 arithmetic including TensorFlow Lite's
// fixed-point rescale. With __ARM_FEATURE_MVE they are <arm_mve.h> intrinsics; elsewhere they
// are exact scalar emulations, so the very same kernels run, and are tested against
// kernels/ref, on any host. Header-only, freestanding, allocation-free.
// Invariant: every operation equals its scalar definition below bit for bit (sums wrap modulo
// 2^32 like the instructions; the kernels stay inside int32 wherever ref does).
#pragma once

#include <cstdint>

#include "kernels/fixed_point.h"

#if defined(__ARM_FEATURE_MVE)
#include <arm_mve.h>
#endif

namespace arenastore::kernels::arm_mve {

inline constexpr int32_t kInt8Lanes = 16;
inline constexpr int32_t kInt32Lanes = 4;

struct FourDots {
  int32_t dot[4];  // sum_k a_i[k] * b[k]
  int32_t sum_b;   // sum_k b[k]
};

#if defined(__ARM_FEATURE_MVE)

// sum_k a[k] for k < count.
inline int32_t SumS8(const int8_t* a, int32_t count) {
  int32_t sum = 0;
  for (int32_t k = 0; k < count; k += kInt8Lanes) {
    const mve_pred16_t active = vctp8q(static_cast<uint32_t>(count - k));
    sum = vaddvaq_s8(sum, vldrbq_z_s8(a + k, active));
  }
  return sum;
}

// Four rows a0..a3 against one row b, each b chunk loaded once.
inline FourDots DotFourS8(const int8_t* a0, const int8_t* a1, const int8_t* a2, const int8_t* a3,
                          const int8_t* b, int32_t count) {
  int32_t d0 = 0, d1 = 0, d2 = 0, d3 = 0, sum_b = 0;
  for (int32_t k = 0; k < count; k += kInt8Lanes) {
    // Inactive lanes load as zero and add nothing to either sum.
    const mve_pred16_t active = vctp8q(static_cast<uint32_t>(count - k));
    const int8x16_t vb = vldrbq_z_s8(b + k, active);
    sum_b = vaddvaq_s8(sum_b, vb);
    d0 = vmladavaq_s8(d0, vldrbq_z_s8(a0 + k, active), vb);
    d1 = vmladavaq_s8(d1, vldrbq_z_s8(a1 + k, active), vb);
    d2 = vmladavaq_s8(d2, vldrbq_z_s8(a2 + k, active), vb);
    d3 = vmladavaq_s8(d3, vldrbq_z_s8(a3 + k, active), vb);
  }
  return {{d0, d1, d2, d3}, sum_b};
}

using Int32x4 = int32x4_t;

inline Int32x4 Splat(int32_t value) { return vdupq_n_s32(value); }
// `lanes` (1..4) int8 values sign-extended to int32; lanes beyond read nothing and are 0.
inline Int32x4 LoadS8(const int8_t* source, int32_t lanes) {
  return vldrbq_z_s32(source, vctp32q(static_cast<uint32_t>(lanes)));
}
inline Int32x4 Add(Int32x4 a, Int32x4 b) { return vaddq_s32(a, b); }
inline Int32x4 AddScalar(Int32x4 a, int32_t b) { return vaddq_n_s32(a, b); }
inline Int32x4 MulScalar(Int32x4 a, int32_t b) { return vmulq_n_s32(a, b); }
// MVE's integer VMLA takes a scalar multiplier; lane-by-lane products are VMUL then VADD.
inline Int32x4 MulAdd(Int32x4 accumulator, Int32x4 a, Int32x4 b) {
  return vaddq_s32(accumulator, vmulq_s32(a, b));
}
inline void Store(int32_t* destination, Int32x4 value) { vst1q_s32(destination, value); }
// Narrows to int8 (values must already lie in int8) and stores `lanes` of them.
inline void StoreS8(int8_t* destination, Int32x4 value, int32_t lanes) {
  vstrbq_p_s32(destination, value, vctp32q(static_cast<uint32_t>(lanes)));
}
inline Int32x4 Clamp(Int32x4 value, int32_t low, int32_t high) {
  return vminq_s32(vmaxq_s32(value, vdupq_n_s32(low)), vdupq_n_s32(high));
}

// SaturatingRoundingDoublingHighMul(a, multiplier) per lane: VQRDMULH rounds (2ab + 2^31) >> 32,
// which equals gemmlowp's nudged truncating division for both signs.
inline Int32x4 RoundingHighMulScalar(Int32x4 a, int32_t multiplier) {
  return vqrdmulhq_n_s32(a, multiplier);
}

// RoundingDivideByPOT(a, exponent) per lane, ties away from zero. VRSHL rounds ties up, so a
// negative lane is first lowered by one (saturating: INT32_MIN divides exactly either way).
inline Int32x4 RoundingDivideByPOTScalar(Int32x4 a, int32_t exponent) {
  if (exponent == 0) return a;
  const Int32x4 negative_fixup = vshrq_n_s32(a, 31);  // -1 for negative lanes, else 0
  return vrshlq_n_s32(vqaddq_s32(a, negative_fixup), -exponent);
}

#else  // portable emulation

inline int32_t SumS8(const int8_t* a, int32_t count) {
  uint32_t sum = 0;
  for (int32_t k = 0; k < count; ++k) sum += static_cast<uint32_t>(a[k]);
  return static_cast<int32_t>(sum);
}

inline FourDots DotFourS8(const int8_t* a0, const int8_t* a1, const int8_t* a2, const int8_t* a3,
                          const int8_t* b, int32_t count) {
  const int8_t* rows[4] = {a0, a1, a2, a3};
  uint32_t dots[4] = {0, 0, 0, 0};
  for (int32_t k = 0; k < count; ++k) {
    for (int i = 0; i < 4; ++i) dots[i] += static_cast<uint32_t>(rows[i][k] * b[k]);
  }
  return {{static_cast<int32_t>(dots[0]), static_cast<int32_t>(dots[1]),
           static_cast<int32_t>(dots[2]), static_cast<int32_t>(dots[3])},
          SumS8(b, count)};
}

struct Int32x4 {
  int32_t lane[4];
};

inline Int32x4 Splat(int32_t value) { return {{value, value, value, value}}; }
inline Int32x4 LoadS8(const int8_t* source, int32_t lanes) {
  Int32x4 result = Splat(0);
  for (int32_t i = 0; i < lanes && i < kInt32Lanes; ++i) result.lane[i] = source[i];
  return result;
}
template <typename Fn>
inline Int32x4 Map(Int32x4 a, Fn fn) {
  for (int32_t& value : a.lane) value = fn(value);
  return a;
}
inline Int32x4 Add(Int32x4 a, Int32x4 b) {
  for (int i = 0; i < 4; ++i) {
    a.lane[i] =
        static_cast<int32_t>(static_cast<uint32_t>(a.lane[i]) + static_cast<uint32_t>(b.lane[i]));
  }
  return a;
}
inline Int32x4 AddScalar(Int32x4 a, int32_t b) { return Add(a, Splat(b)); }
inline Int32x4 MulScalar(Int32x4 a, int32_t b) {
  return Map(a, [b](int32_t v) {
    return static_cast<int32_t>(static_cast<uint32_t>(v) * static_cast<uint32_t>(b));
  });
}
inline Int32x4 MulAdd(Int32x4 accumulator, Int32x4 a, Int32x4 b) {
  for (int i = 0; i < 4; ++i) {
    accumulator.lane[i] =
        static_cast<int32_t>(static_cast<uint32_t>(accumulator.lane[i]) +
                             static_cast<uint32_t>(a.lane[i]) * static_cast<uint32_t>(b.lane[i]));
  }
  return accumulator;
}
inline void Store(int32_t* destination, Int32x4 value) {
  for (int i = 0; i < 4; ++i) destination[i] = value.lane[i];
}
inline void StoreS8(int8_t* destination, Int32x4 value, int32_t lanes) {
  for (int32_t i = 0; i < lanes && i < kInt32Lanes; ++i) {
    destination[i] = static_cast<int8_t>(value.lane[i]);
  }
}
inline Int32x4 Clamp(Int32x4 value, int32_t low, int32_t high) {
  return Map(value, [low, high](int32_t v) { return kernels::Clamp(v, low, high); });
}
inline Int32x4 RoundingHighMulScalar(Int32x4 a, int32_t multiplier) {
  return Map(a,
             [multiplier](int32_t v) { return SaturatingRoundingDoublingHighMul(v, multiplier); });
}
inline Int32x4 RoundingDivideByPOTScalar(Int32x4 a, int32_t exponent) {
  return Map(a, [exponent](int32_t v) { return RoundingDivideByPOT(v, exponent); });
}

#endif

// MultiplyByQuantizedMultiplierSmallerThanOneExp per lane (shift <= 0).
inline Int32x4 RescaleBelowOne(Int32x4 a, int32_t multiplier, int32_t shift) {
  return RoundingDivideByPOTScalar(RoundingHighMulScalar(a, multiplier), -shift);
}

}  // namespace arenastore::kernels::arm_mve
