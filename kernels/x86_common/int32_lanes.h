// ARENASTORE_X86_INT32_LANES: an ISA's int32 lanes as the lane policy of the templates both x86
// ISAs' kernel files share (ops/mul/x86_mul_math.h, ops/add/x86_add_sub_math.h): the vector type,
// the operations those templates use, spelt from the ISA's intrinsic prefix, and TensorFlow
// Lite's fixed-point steps, the ISA's own (its simd.h). Invoked once in each ISA's simd.h, inside
// its unnamed namespace, so every template instantiated over it has internal linkage and is
// compiled with that file's flags only. No code of its own; the templates over it include it for
// ARENASTORE_X86_INLINE.
#pragma once

// As each ISA's simd.h defines it: register tiles only stay in registers when everything they call
// is inlined.
#ifndef ARENASTORE_X86_INLINE
#define ARENASTORE_X86_INLINE inline __attribute__((always_inline))
#endif

// Vector: the vector type (__m256i); mm: the intrinsics' prefix (_mm256); isa: the namespace whose
// DoublingHighMul, SaturateMinTimesMin and RoundingShiftRight take V.
#define ARENASTORE_X86_INT32_LANES(Vector, mm, isa)                                   \
  struct Int32Lanes {                                                                 \
    using V = Vector;                                                                 \
    static ARENASTORE_X86_INLINE V Set1(int32_t x) { return mm##_set1_epi32(x); }     \
    static ARENASTORE_X86_INLINE V Add(V a, V b) { return mm##_add_epi32(a, b); }     \
    static ARENASTORE_X86_INLINE V Sub(V a, V b) { return mm##_sub_epi32(a, b); }     \
    static ARENASTORE_X86_INLINE V Mullo(V a, V b) { return mm##_mullo_epi32(a, b); } \
    static ARENASTORE_X86_INLINE V ShiftLeft(V a, __m128i count) {                    \
      return mm##_sll_epi32(a, count);                                                \
    }                                                                                 \
    static ARENASTORE_X86_INLINE V Clamp(V a, V low, V high) {                        \
      return mm##_min_epi32(mm##_max_epi32(a, low), high);                            \
    }                                                                                 \
    static ARENASTORE_X86_INLINE V DoublingHighMul(V x, V m) {                        \
      return isa::DoublingHighMul(x, m);                                              \
    }                                                                                 \
    static ARENASTORE_X86_INLINE V SaturateMinTimesMin(V high, V x, V m) {            \
      return isa::SaturateMinTimesMin(high, x, m);                                    \
    }                                                                                 \
    static ARENASTORE_X86_INLINE V RoundingShiftRight(V x, V shift, V mask, V half) { \
      return isa::RoundingShiftRight(x, shift, mask, half);                           \
    }                                                                                 \
  };
