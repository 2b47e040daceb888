// The Helium (M-profile Vector Extension) operations the arm_mve kernels use: 16-lane int8 dot
// products with predicated tails, and 4-lane int32 arithmetic including TensorFlow Lite's
// fixed-point rescale. With __ARM_FEATURE_MVE they are <arm_mve.h> intrinsics; elsewhere they
// are exact scalar emulations, so the very same kernels run, and are tested against
// kernels/ref, on any host. Header-only, freestanding, allocation-free.
// Invariant: every operation equals its scalar definition below bit for bit (sums wrap modulo
// 2^32 like the instructions; the kernels stay inside int32 wherever ref does).
#pragma once

#include <cstddef>
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

struct FourProducts {
  int32_t dot[4];  // sum_k a_i[k] * b[k]
};

struct FourDotsAndSums {
  int32_t dot[4];  // sum_k a_i[k] * b[k]
  int32_t sum[4];  // sum_k a_i[k]
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

// Four rows a0..a3 against one row b, each b chunk loaded once: whole 16-byte chunks without
// predication (the loop stays a low-overhead loop), then one predicated tail.
inline FourDots DotFourS8(const int8_t* a0, const int8_t* a1, const int8_t* a2, const int8_t* a3,
                          const int8_t* b, int32_t count) {
  int32_t d0 = 0, d1 = 0, d2 = 0, d3 = 0, sum_b = 0;
  const int32_t whole = count / kInt8Lanes;
  {
    // Advanced copies: they die with the loop, so the rows need no saving around it.
    const int8_t *p0 = a0, *p1 = a1, *p2 = a2, *p3 = a3, *pb = b;
    for (int32_t chunk = 0; chunk < whole; ++chunk) {
      const int8x16_t vb = vldrbq_s8(pb);
      sum_b = vaddvaq_s8(sum_b, vb);
      d0 = vmladavaq_s8(d0, vldrbq_s8(p0), vb);
      d1 = vmladavaq_s8(d1, vldrbq_s8(p1), vb);
      d2 = vmladavaq_s8(d2, vldrbq_s8(p2), vb);
      d3 = vmladavaq_s8(d3, vldrbq_s8(p3), vb);
      p0 += kInt8Lanes;
      p1 += kInt8Lanes;
      p2 += kInt8Lanes;
      p3 += kInt8Lanes;
      pb += kInt8Lanes;
    }
  }
  const int32_t done = whole * kInt8Lanes;
  const int32_t tail = count - done;
  if (tail > 0) {
    // Inactive lanes load as zero and add nothing to either sum.
    const mve_pred16_t active = vctp8q(static_cast<uint32_t>(tail));
    const int8x16_t vb = vldrbq_z_s8(b + done, active);
    sum_b = vaddvaq_s8(sum_b, vb);
    d0 = vmladavaq_s8(d0, vldrbq_z_s8(a0 + done, active), vb);
    d1 = vmladavaq_s8(d1, vldrbq_z_s8(a1 + done, active), vb);
    d2 = vmladavaq_s8(d2, vldrbq_z_s8(a2 + done, active), vb);
    d3 = vmladavaq_s8(d3, vldrbq_z_s8(a3 + done, active), vb);
  }
  return {{d0, d1, d2, d3}, sum_b};
}

// Four rows a0..a3 against one row b, b's sum left to the caller (a convolution folds it in once
// per filter row). One tail-predicated low-overhead loop (WLSTP/LETP): the last chunk's inactive
// lanes load as zero and add nothing, so no separate tail is run, and each chunk costs its five
// loads, four VMLADAVAs and the LETP. Inline assembly: GCC 12 emits no tail-predicated loops.
// VMLADAVA's accumulator must be an even register ("Te").
inline FourProducts DotFourProductsS8(const int8_t* a0, const int8_t* a1, const int8_t* a2,
                                      const int8_t* a3, const int8_t* b, int32_t count) {
  int32_t d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  int8x16_t vb, va;
  // The loop counts elements down in LR itself: no register holds `count` beside it.
  register int32_t left __asm__("lr") = count;
  __asm__ volatile(
      "wlstp.8 lr, lr, 2f\n"
      "1:\n"
      "vldrb.8 %q[vb], [%[b]], #16\n"
      "vldrb.8 %q[va], [%[a0]], #16\n"
      "vmladava.s8 %[d0], %q[va], %q[vb]\n"
      "vldrb.8 %q[va], [%[a1]], #16\n"
      "vmladava.s8 %[d1], %q[va], %q[vb]\n"
      "vldrb.8 %q[va], [%[a2]], #16\n"
      "vmladava.s8 %[d2], %q[va], %q[vb]\n"
      "vldrb.8 %q[va], [%[a3]], #16\n"
      "vmladava.s8 %[d3], %q[va], %q[vb]\n"
      "letp lr, 1b\n"
      "2:\n"
      : [d0] "+Te"(d0), [d1] "+Te"(d1), [d2] "+Te"(d2), [d3] "+Te"(d3), [a0] "+r"(a0),
        [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [b] "+r"(b), [vb] "=&w"(vb), [va] "=&w"(va),
        [left] "+r"(left)
      :
      : "memory");
  return {{d0, d1, d2, d3}};
}

// Four rows a0..a3 against one row b, with each a row's own sum (VADDVA beside each VMLADAVA):
// a fully connected layer's weight rows, summed in the pass that reads them anyway.
inline FourDotsAndSums DotFourWithSumsS8(const int8_t* a0, const int8_t* a1, const int8_t* a2,
                                         const int8_t* a3, const int8_t* b, int32_t count) {
  int32_t d0 = 0, d1 = 0, d2 = 0, d3 = 0, s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const auto accumulate = [&](int8x16_t v0, int8x16_t v1, int8x16_t v2, int8x16_t v3,
                              int8x16_t vb) {
    d0 = vmladavaq_s8(d0, v0, vb);
    s0 = vaddvaq_s8(s0, v0);
    d1 = vmladavaq_s8(d1, v1, vb);
    s1 = vaddvaq_s8(s1, v1);
    d2 = vmladavaq_s8(d2, v2, vb);
    s2 = vaddvaq_s8(s2, v2);
    d3 = vmladavaq_s8(d3, v3, vb);
    s3 = vaddvaq_s8(s3, v3);
  };
  const int32_t whole = count / kInt8Lanes;
  const int32_t done = whole * kInt8Lanes;
  for (int32_t k = 0; k < done; k += kInt8Lanes) {
    accumulate(vldrbq_s8(a0 + k), vldrbq_s8(a1 + k), vldrbq_s8(a2 + k), vldrbq_s8(a3 + k),
               vldrbq_s8(b + k));
  }
  if (count > done) {
    // Inactive lanes load as zero and add nothing to any sum.
    const mve_pred16_t active = vctp8q(static_cast<uint32_t>(count - done));
    accumulate(vldrbq_z_s8(a0 + done, active), vldrbq_z_s8(a1 + done, active),
               vldrbq_z_s8(a2 + done, active), vldrbq_z_s8(a3 + done, active),
               vldrbq_z_s8(b + done, active));
  }
  return {{d0, d1, d2, d3}, {s0, s1, s2, s3}};
}

using Int32x4 = int32x4_t;

inline Int32x4 Splat(int32_t value) { return vdupq_n_s32(value); }
// `lanes` (1..4) int8 values sign-extended to int32; lanes beyond read nothing and are 0.
inline Int32x4 LoadS8(const int8_t* source, int32_t lanes) {
  return vldrbq_z_s32(source, vctp32q(static_cast<uint32_t>(lanes)));
}
// Four int8 values sign-extended to int32, unpredicated.
inline Int32x4 LoadS8x4(const int8_t* source) { return vldrbq_s32(source); }
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
// Narrows four int32 lanes (already in int8) and stores them, unpredicated.
inline void StoreS8x4(int8_t* destination, Int32x4 value) { vstrbq_s32(destination, value); }
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

// 4 int32 values; lanes beyond `lanes` (1..4) read nothing and are 0.
inline Int32x4 LoadS32(const int32_t* source, int32_t lanes) {
  return vldrwq_z_s32(source, vctp32q(static_cast<uint32_t>(lanes)));
}
inline Int32x4 LoadS32x4(const int32_t* source) { return vldrwq_s32(source); }
inline Int32x4 FromLanes(int32_t a, int32_t b, int32_t c, int32_t d) {
  Int32x4 v = vdupq_n_s32(a);
  v = vsetq_lane_s32(b, v, 1);
  v = vsetq_lane_s32(c, v, 2);
  return vsetq_lane_s32(d, v, 3);
}
inline Int32x4 Max(Int32x4 a, Int32x4 b) { return vmaxq_s32(a, b); }
inline Int32x4 Min(Int32x4 a, Int32x4 b) { return vminq_s32(a, b); }
inline Int32x4 And(Int32x4 a, Int32x4 b) { return vandq_s32(a, b); }
inline Int32x4 SaturatingAdd(Int32x4 a, Int32x4 b) { return vqaddq_s32(a, b); }
// -1 in the negative lanes, 0 elsewhere (VSHR #31).
inline Int32x4 SignMask(Int32x4 a) { return vshrq_n_s32(a, 31); }
// a << shift per lane, shift in [0, 31], bits above 32 dropped (VSHL by register).
inline Int32x4 ShiftLeft(Int32x4 a, Int32x4 shift) { return vshlq_s32(a, shift); }
// Lane-by-lane SaturatingRoundingDoublingHighMul (VQRDMULH).
inline Int32x4 RoundingHighMul(Int32x4 a, Int32x4 b) { return vqrdmulhq_s32(a, b); }
// a / 2^-shift rounded half up per lane, shift in [-31, 0] (VRSHL by a negative register).
inline Int32x4 RoundingShiftRight(Int32x4 a, Int32x4 minus_shift) {
  return vrshlq_s32(a, minus_shift);
}
// Narrows to int8 and stores `lanes` (1..4) of them `stride` bytes apart (VSTRB scatter).
inline void StoreS8Strided(int8_t* destination, int32_t stride, Int32x4 value, int32_t lanes) {
  const uint32x4_t offsets = vmulq_n_u32(vidupq_n_u32(0, 1), static_cast<uint32_t>(stride));
  vstrbq_scatter_offset_p_s32(destination, offsets, value, vctp32q(static_cast<uint32_t>(lanes)));
}
// destination[k] = source[k] for k < count: whole 16-byte chunks, then one predicated tail.
inline void CopyS8(int8_t* destination, const int8_t* source, int32_t count) {
  for (int32_t whole = count / kInt8Lanes; whole > 0; --whole) {
    vstrbq_s8(destination, vldrbq_s8(source));
    destination += kInt8Lanes;
    source += kInt8Lanes;
  }
  const int32_t tail = count % kInt8Lanes;
  if (tail > 0) {
    const mve_pred16_t active = vctp8q(static_cast<uint32_t>(tail));
    vstrbq_p_s8(destination, vldrbq_z_s8(source, active), active);
  }
}
// destination[k] = value for k < count: whole 16-byte chunks, then one predicated tail.
inline void FillS8(int8_t* destination, int8_t value, int32_t count) {
  const int8x16_t splat = vdupq_n_s8(value);
  for (int32_t whole = count / kInt8Lanes; whole > 0; --whole) {
    vstrbq_s8(destination, splat);
    destination += kInt8Lanes;
  }
  const int32_t tail = count % kInt8Lanes;
  if (tail > 0) vstrbq_p_s8(destination, splat, vctp8q(static_cast<uint32_t>(tail)));
}

// Eight int16 lanes, for products that fit int16 before they are widened.
using Int16x8 = int16x8_t;
// Eight int8 values sign-extended to int16, unpredicated.
inline Int16x8 LoadS8x8(const int8_t* source) { return vldrbq_s16(source); }
// a + b per lane, wrapping; the kernels keep it inside int16.
inline Int16x8 AddScalarS16(Int16x8 a, int16_t b) { return vaddq_n_s16(a, b); }
// The int32 products of the even lanes 0, 2, 4, 6 (VMULLB) and of the odd lanes (VMULLT).
inline Int32x4 MulLongEven(Int16x8 a, Int16x8 b) { return vmullbq_int_s16(a, b); }
inline Int32x4 MulLongOdd(Int16x8 a, Int16x8 b) { return vmulltq_int_s16(a, b); }
// source[0], source[2], source[4], source[6] (VLDRW gather).
inline Int32x4 LoadS32Even(const int32_t* source) {
  return vldrwq_gather_shifted_offset_s32(source, vidupq_n_u32(0, 2));
}
// Narrows to int8 and stores lane i at destination[2 * i] (VSTRB scatter).
inline void StoreS8Even(int8_t* destination, Int32x4 value) {
  vstrbq_scatter_offset_s32(destination, vidupq_n_u32(0, 2), value);
}

// Eight uint16 gather offsets, and the first `lanes` of eight 16-bit lanes as a predicate.
using Uint16x8 = uint16x8_t;
using Active16 = mve_pred16_t;
// 0, step, 2 * step, ..., 7 * step; 7 * step must fit uint16.
inline Uint16x8 StepOffsets16(uint16_t step) { return vmulq_n_u16(vidupq_n_u16(0u, 1), step); }
// Lanes [0, lanes) active; lanes >= 8 activates all eight (VCTP saturates).
inline Active16 ActiveLanes16(int32_t lanes) { return vctp16q(static_cast<uint32_t>(lanes)); }
// source[0..8) sign-extended to int16 in the active lanes; inactive lanes read nothing, are 0.
inline Int16x8 LoadS8x8(const int8_t* source, Active16 active) {
  return vldrbq_z_s16(source, active);
}
// source[offsets[i]] sign-extended to int16 in the active lanes (VLDRB gather); inactive lanes
// read nothing and are 0.
inline Int16x8 GatherS8x8(const int8_t* source, Uint16x8 offsets, Active16 active) {
  return vldrbq_gather_offset_z_s16(source, offsets, active);
}
// source[offsets[i]] sign-extended to int16 in all eight lanes (VLDRB gather), unpredicated.
inline Int16x8 GatherS8x8(const int8_t* source, Uint16x8 offsets) {
  return vldrbq_gather_offset_s16(source, offsets);
}
// accumulator + sum_i a[i] * b[i] over the eight lanes (VMLADAVA.S16), wrapping.
inline int32_t DotAccumulateS16(int32_t accumulator, Int16x8 a, Int16x8 b) {
  return vmladavaq_s16(accumulator, a, b);
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

inline FourProducts DotFourProductsS8(const int8_t* a0, const int8_t* a1, const int8_t* a2,
                                      const int8_t* a3, const int8_t* b, int32_t count) {
  const FourDots dots = DotFourS8(a0, a1, a2, a3, b, count);
  return {{dots.dot[0], dots.dot[1], dots.dot[2], dots.dot[3]}};
}

inline FourDotsAndSums DotFourWithSumsS8(const int8_t* a0, const int8_t* a1, const int8_t* a2,
                                         const int8_t* a3, const int8_t* b, int32_t count) {
  const FourDots dots = DotFourS8(a0, a1, a2, a3, b, count);
  return {{dots.dot[0], dots.dot[1], dots.dot[2], dots.dot[3]},
          {SumS8(a0, count), SumS8(a1, count), SumS8(a2, count), SumS8(a3, count)}};
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
inline Int32x4 LoadS8x4(const int8_t* source) { return LoadS8(source, kInt32Lanes); }
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
inline void StoreS8x4(int8_t* destination, Int32x4 value) {
  StoreS8(destination, value, kInt32Lanes);
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

inline Int32x4 LoadS32(const int32_t* source, int32_t lanes) {
  Int32x4 result = Splat(0);
  for (int32_t i = 0; i < lanes && i < kInt32Lanes; ++i) result.lane[i] = source[i];
  return result;
}
inline Int32x4 LoadS32x4(const int32_t* source) { return LoadS32(source, kInt32Lanes); }
inline Int32x4 FromLanes(int32_t a, int32_t b, int32_t c, int32_t d) { return {{a, b, c, d}}; }
template <typename Fn>
inline Int32x4 Zip(Int32x4 a, Int32x4 b, Fn fn) {
  for (int i = 0; i < 4; ++i) a.lane[i] = fn(a.lane[i], b.lane[i]);
  return a;
}
inline Int32x4 Max(Int32x4 a, Int32x4 b) {
  return Zip(a, b, [](int32_t x, int32_t y) { return x > y ? x : y; });
}
inline Int32x4 Min(Int32x4 a, Int32x4 b) {
  return Zip(a, b, [](int32_t x, int32_t y) { return x < y ? x : y; });
}
inline Int32x4 And(Int32x4 a, Int32x4 b) {
  return Zip(a, b, [](int32_t x, int32_t y) { return x & y; });
}
inline Int32x4 SaturatingAdd(Int32x4 a, Int32x4 b) {
  return Zip(a, b, [](int32_t x, int32_t y) {
    const int64_t sum = int64_t{x} + y;
    return static_cast<int32_t>(sum > INT32_MAX ? INT32_MAX : (sum < INT32_MIN ? INT32_MIN : sum));
  });
}
inline Int32x4 SignMask(Int32x4 a) {
  return Map(a, [](int32_t v) { return v < 0 ? -1 : 0; });
}
inline Int32x4 ShiftLeft(Int32x4 a, Int32x4 shift) {
  return Zip(a, shift, [](int32_t x, int32_t s) {
    return s >= 32 ? 0 : static_cast<int32_t>(static_cast<uint32_t>(x) << s);
  });
}
// The instruction's definition: (2ab + 2^31) >> 32, saturated (only INT32_MIN^2 overflows).
inline Int32x4 RoundingHighMul(Int32x4 a, Int32x4 b) {
  return Zip(a, b, [](int32_t x, int32_t y) {
    if (x == INT32_MIN && y == INT32_MIN) return INT32_MAX;
    return static_cast<int32_t>((2 * int64_t{x} * y + (int64_t{1} << 31)) >> 32);
  });
}
// The instruction's definition: (a + 2^(n-1)) >> n for n = -minus_shift, without overflow.
inline Int32x4 RoundingShiftRight(Int32x4 a, Int32x4 minus_shift) {
  return Zip(a, minus_shift, [](int32_t x, int32_t s) {
    if (s >= 0) return x;
    return static_cast<int32_t>((int64_t{x} + (int64_t{1} << (-s - 1))) >> -s);
  });
}
inline void StoreS8Strided(int8_t* destination, int32_t stride, Int32x4 value, int32_t lanes) {
  for (int32_t i = 0; i < lanes && i < kInt32Lanes; ++i) {
    destination[static_cast<ptrdiff_t>(i) * stride] = static_cast<int8_t>(value.lane[i]);
  }
}
inline void CopyS8(int8_t* destination, const int8_t* source, int32_t count) {
  for (int32_t k = 0; k < count; ++k) destination[k] = source[k];
}
struct Int16x8 {
  int16_t lane[8];
};
inline Int16x8 LoadS8x8(const int8_t* source) {
  Int16x8 result;
  for (int i = 0; i < 8; ++i) result.lane[i] = source[i];
  return result;
}
inline Int16x8 AddScalarS16(Int16x8 a, int16_t b) {
  for (int16_t& value : a.lane) value = static_cast<int16_t>(value + b);
  return a;
}
inline Int32x4 MulLongEven(Int16x8 a, Int16x8 b) {
  Int32x4 result;
  for (int i = 0; i < 4; ++i) result.lane[i] = int32_t{a.lane[2 * i]} * b.lane[2 * i];
  return result;
}
inline Int32x4 MulLongOdd(Int16x8 a, Int16x8 b) {
  Int32x4 result;
  for (int i = 0; i < 4; ++i) result.lane[i] = int32_t{a.lane[2 * i + 1]} * b.lane[2 * i + 1];
  return result;
}
inline Int32x4 LoadS32Even(const int32_t* source) {
  return FromLanes(source[0], source[2], source[4], source[6]);
}
inline void StoreS8Even(int8_t* destination, Int32x4 value) {
  for (int i = 0; i < 4; ++i) destination[2 * i] = static_cast<int8_t>(value.lane[i]);
}

struct Uint16x8 {
  uint16_t lane[8];
};
struct Active16 {
  int32_t lanes;  // lanes [0, lanes) active, at most 8
};
inline Uint16x8 StepOffsets16(uint16_t step) {
  Uint16x8 result;
  for (int i = 0; i < 8; ++i) result.lane[i] = static_cast<uint16_t>(i * step);
  return result;
}
inline Active16 ActiveLanes16(int32_t lanes) { return {lanes < 8 ? lanes : 8}; }
inline Int16x8 LoadS8x8(const int8_t* source, Active16 active) {
  Int16x8 result;
  for (int i = 0; i < 8; ++i) result.lane[i] = i < active.lanes ? source[i] : 0;
  return result;
}
inline Int16x8 GatherS8x8(const int8_t* source, Uint16x8 offsets, Active16 active) {
  Int16x8 result;
  for (int i = 0; i < 8; ++i) result.lane[i] = i < active.lanes ? source[offsets.lane[i]] : 0;
  return result;
}
inline Int16x8 GatherS8x8(const int8_t* source, Uint16x8 offsets) {
  return GatherS8x8(source, offsets, Active16{8});
}
inline int32_t DotAccumulateS16(int32_t accumulator, Int16x8 a, Int16x8 b) {
  uint32_t sum = static_cast<uint32_t>(accumulator);
  for (int i = 0; i < 8; ++i) sum += static_cast<uint32_t>(int32_t{a.lane[i]} * b.lane[i]);
  return static_cast<int32_t>(sum);
}

inline void FillS8(int8_t* destination, int8_t value, int32_t count) {
  for (int32_t k = 0; k < count; ++k) destination[k] = value;
}

#endif

// The per-lane scale of the output stage split by direction (shift in [-31, 30]), found once
// where one set of channels' scale serves several accumulators (several pixels).
struct LaneScale {
  Int32x4 multiplier;
  Int32x4 left;         // max(shift, 0)
  Int32x4 minus_right;  // min(shift, 0)
  Int32x4 right_mask;   // -1 in the lanes shifted right, else 0
};

inline LaneScale LaneScaleOf(Int32x4 multiplier, Int32x4 shift) {
  const Int32x4 zero = Splat(0);
  const Int32x4 minus_right = Min(shift, zero);
  return {multiplier, Max(shift, zero), minus_right, SignMask(minus_right)};
}

// TensorFlow Lite's per-channel output stage on four lanes, each lane its own multiplier and
// shift: equals ref::RequantizeToInt8 per lane, narrowing left to the store. x << left wraps like
// ref's uint32 shift; VQRDMULH is SaturatingRoundingDoublingHighMul; RoundingDivideByPOT rounds
// ties away from zero where VRSHL rounds them up, so a negative lane that is shifted right is
// first lowered by one (saturating: INT32_MIN divides exactly anyway):
// for x < 0, ceil((x - 2^(n-1)) / 2^n) = floor((x - 1 + 2^(n-1)) / 2^n).
inline Int32x4 RequantizeWith(Int32x4 accumulator, const LaneScale& scale,
                              int32_t output_zero_point, int32_t activation_min,
                              int32_t activation_max) {
  const Int32x4 high = RoundingHighMul(ShiftLeft(accumulator, scale.left), scale.multiplier);
  const Int32x4 lowered = SaturatingAdd(high, And(SignMask(high), scale.right_mask));
  const Int32x4 scaled = RoundingShiftRight(lowered, scale.minus_right);
  return Clamp(AddScalar(scaled, output_zero_point), activation_min, activation_max);
}

// RequantizeWith's operations with the scale split in place: written out, not composed from
// LaneScaleOf, because composed GCC 12 scheduled the fully connected kernel's loop worse
// (ad01: 856 more instructions on mps3-an547).
inline Int32x4 RequantizeLanes(Int32x4 accumulator, Int32x4 multiplier, Int32x4 shift,
                               int32_t output_zero_point, int32_t activation_min,
                               int32_t activation_max) {
  const Int32x4 zero = Splat(0);
  const Int32x4 high = RoundingHighMul(ShiftLeft(accumulator, Max(shift, zero)), multiplier);
  const Int32x4 minus_right = Min(shift, zero);
  const Int32x4 lowered = SaturatingAdd(high, And(SignMask(high), SignMask(minus_right)));
  const Int32x4 scaled = RoundingShiftRight(lowered, minus_right);
  return Clamp(AddScalar(scaled, output_zero_point), activation_min, activation_max);
}

// MultiplyByQuantizedMultiplierSmallerThanOneExp per lane (shift <= 0).
inline Int32x4 RescaleBelowOne(Int32x4 a, int32_t multiplier, int32_t shift) {
  return RoundingDivideByPOTScalar(RoundingHighMulScalar(a, multiplier), -shift);
}

}  // namespace arenastore::kernels::arm_mve
