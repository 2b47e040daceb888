#include "tools/bench/vnni_peak.h"

#if defined(__AVX512VNNI__)
#include <immintrin.h>
#endif

namespace arenastore::bench {
namespace {

// VPDPBUSD's latency is 4-5 cycles and a core retires one or two per cycle: 16 independent
// accumulators keep every issue slot busy with room to spare.
constexpr int kAccumulators = 16;                // a0..a15 in VnniPeakLoop
constexpr int64_t kMacsPerInstruction = 16 * 4;  // 16 int32 lanes, 4 byte products each

}  // namespace

int64_t VnniPeakMacsPerRound() { return kAccumulators * kMacsPerInstruction; }

#if defined(__AVX512VNNI__)
// The loop body is written in asm: compiled from intrinsics, GCC copies the accumulator array
// between registers (and to the stack) every round, which measures the copies, not VPDPBUSD.
int64_t VnniPeakLoop(int64_t rounds) {
  __m512i a0 = _mm512_set1_epi32(0), a1 = _mm512_set1_epi32(1), a2 = _mm512_set1_epi32(2),
          a3 = _mm512_set1_epi32(3), a4 = _mm512_set1_epi32(4), a5 = _mm512_set1_epi32(5),
          a6 = _mm512_set1_epi32(6), a7 = _mm512_set1_epi32(7), a8 = _mm512_set1_epi32(8),
          a9 = _mm512_set1_epi32(9), a10 = _mm512_set1_epi32(10), a11 = _mm512_set1_epi32(11),
          a12 = _mm512_set1_epi32(12), a13 = _mm512_set1_epi32(13), a14 = _mm512_set1_epi32(14),
          a15 = _mm512_set1_epi32(15);
  const __m512i x = _mm512_set1_epi8(3);
  const __m512i y = _mm512_set1_epi8(-5);
  for (int64_t r = 0; r < rounds; ++r) {
    // Two statements because one asm may have at most 30 operands ("+v" counts twice).
    __asm__ volatile(
        "vpdpbusd %[y], %[x], %[a0]\n\t"
        "vpdpbusd %[y], %[x], %[a1]\n\t"
        "vpdpbusd %[y], %[x], %[a2]\n\t"
        "vpdpbusd %[y], %[x], %[a3]\n\t"
        "vpdpbusd %[y], %[x], %[a4]\n\t"
        "vpdpbusd %[y], %[x], %[a5]\n\t"
        "vpdpbusd %[y], %[x], %[a6]\n\t"
        "vpdpbusd %[y], %[x], %[a7]"
        : [a0] "+v"(a0), [a1] "+v"(a1), [a2] "+v"(a2), [a3] "+v"(a3), [a4] "+v"(a4), [a5] "+v"(a5),
          [a6] "+v"(a6), [a7] "+v"(a7)
        : [x] "v"(x), [y] "v"(y));
    __asm__ volatile(
        "vpdpbusd %[y], %[x], %[a8]\n\t"
        "vpdpbusd %[y], %[x], %[a9]\n\t"
        "vpdpbusd %[y], %[x], %[a10]\n\t"
        "vpdpbusd %[y], %[x], %[a11]\n\t"
        "vpdpbusd %[y], %[x], %[a12]\n\t"
        "vpdpbusd %[y], %[x], %[a13]\n\t"
        "vpdpbusd %[y], %[x], %[a14]\n\t"
        "vpdpbusd %[y], %[x], %[a15]"
        : [a8] "+v"(a8), [a9] "+v"(a9), [a10] "+v"(a10), [a11] "+v"(a11), [a12] "+v"(a12),
          [a13] "+v"(a13), [a14] "+v"(a14), [a15] "+v"(a15)
        : [x] "v"(x), [y] "v"(y));
  }
  __m512i sum = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(a0, a1), a2), a3);
  sum = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(sum, a4), a5), a6);
  sum = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(sum, a7), a8), a9);
  sum = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(sum, a10), a11), a12);
  sum = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(sum, a13), a14), a15);
  // Summed through memory: GCC 12's _mm512_reduce_* trip its own -Wuninitialized (bug 105593).
  alignas(64) int32_t lanes[16];
  _mm512_store_si512(lanes, sum);
  int64_t total = 0;
  for (int32_t lane : lanes) total += lane;
  return total;
}
#else
int64_t VnniPeakLoop(int64_t) { return 0; }
#endif

}  // namespace arenastore::bench
