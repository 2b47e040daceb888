// fully_connected/x86_avx2's inner loops (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "ops/fully_connected/x86.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

constexpr int kRows = 8;  // weight rows per pass: one ymm of outputs

// Lane i of the result is the sum of v[i]'s 8 lanes.
ARENASTORE_X86_INLINE __m256i SumLanes8(const __m256i v[8]) {
  const __m256i a = _mm256_hadd_epi32(_mm256_hadd_epi32(v[0], v[1]), _mm256_hadd_epi32(v[2], v[3]));
  const __m256i b = _mm256_hadd_epi32(_mm256_hadd_epi32(v[4], v[5]), _mm256_hadd_epi32(v[6], v[7]));
  // a: v0..v3 partial sums of the low 128 bits, then of the high 128 bits; b likewise.
  return _mm256_add_epi32(_mm256_permute2x128_si256(a, b, 0x20),
                          _mm256_permute2x128_si256(a, b, 0x31));
}

ARENASTORE_X86_INLINE __m256i Widen16(const int8_t* p) {
  return _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

// For weight rows rows[0..8): sum over d of (x[d] - input_zp) * (w[d] - filter_zp), by lane.
// Whole 16-element chunks in vectors, the rest scalar.
template <bool kFilterZeroPoint>
__m256i DotRows(const int8_t* x, const int8_t* const rows[kRows], int32_t depth,
                int32_t input_zero_point, int32_t filter_zero_point) {
  __m256i acc[kRows];
#pragma GCC unroll 8
  for (int r = 0; r < kRows; ++r) acc[r] = _mm256_setzero_si256();
  const __m256i x_zp = _mm256_set1_epi16(static_cast<int16_t>(input_zero_point));
  const __m256i w_zp = _mm256_set1_epi16(static_cast<int16_t>(filter_zero_point));
  int32_t d = 0;
  for (; d + 16 <= depth; d += 16) {
    const __m256i xc = _mm256_sub_epi16(Widen16(x + d), x_zp);
#pragma GCC unroll 8
    for (int r = 0; r < kRows; ++r) {
      __m256i w = Widen16(rows[r] + d);
      if constexpr (kFilterZeroPoint) w = _mm256_sub_epi16(w, w_zp);
      acc[r] = _mm256_add_epi32(acc[r], _mm256_madd_epi16(xc, w));
    }
  }
  __m256i sums = SumLanes8(acc);
  if (d < depth) {
    alignas(32) int32_t tail[kRows] = {};
#pragma GCC unroll 8
    for (int r = 0; r < kRows; ++r) {
      uint32_t sum = 0;
      for (int32_t i = d; i < depth; ++i) {
        sum += static_cast<uint32_t>((x[i] - input_zero_point) * (rows[r][i] - filter_zero_point));
      }
      tail[r] = static_cast<int32_t>(sum);
    }
    sums = _mm256_add_epi32(sums, _mm256_load_si256(reinterpret_cast<const __m256i*>(tail)));
  }
  return sums;
}

void RowPointers(const FullyConnectedParams& p, const int8_t* filter, int32_t first,
                 const int8_t* rows[kRows]) {
#pragma GCC unroll 8
  for (int r = 0; r < kRows; ++r) {
    const int32_t row = first + r < p.output_depth ? first + r : p.output_depth - 1;
    rows[r] = filter + static_cast<ptrdiff_t>(row) * p.input_depth;
  }
}

}  // namespace

void RunFullyConnected(const x86::FullyConnectedJob& job) {
  const FullyConnectedParams& p = *job.params;
  const bool per_tensor = p.requant.count == 1;
  alignas(32) uint8_t table_storage[x86::RequantTableBytes(kLanes)];
  x86::RequantTable table{};
  if (per_tensor) {
    table = x86::FillRequantTable(p.requant, p.output_zero_point, p.activation_min,
                                  p.activation_max, kLanes, kLanes, {kLanes, kLanes, kLanes},
                                  table_storage, x86::RequantForms::kNarrow);
  }
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* x = job.input + static_cast<ptrdiff_t>(b) * p.input_depth;
    for (int32_t o = 0; o < p.output_depth; o += kLanes) {
      const int32_t count = p.output_depth - o < kLanes ? p.output_depth - o : kLanes;
      if (!per_tensor) {
        const Requantization block{p.requant.multipliers + o, p.requant.shifts + o, count};
        table = x86::FillRequantTable(block, p.output_zero_point, p.activation_min,
                                      p.activation_max, kLanes, kLanes, {kLanes, count, kLanes},
                                      table_storage, x86::RequantForms::kNarrow);
      }
      const int8_t* rows[kRows];
      RowPointers(p, job.filter, o, rows);
      __m256i total =
          p.filter_zero_point != 0
              ? DotRows<true>(x, rows, p.input_depth, p.input_zero_point, p.filter_zero_point)
              : DotRows<false>(x, rows, p.input_depth, p.input_zero_point, 0);
      if (job.bias != nullptr) {
        total = _mm256_add_epi32(total, _mm256_maskload_epi32(job.bias + o, LaneMask(count)));
      }
      const Requantizer r(table, 0);
      const __m256i v = r.Scale(total, 0);
      StoreBytes(job.output + static_cast<ptrdiff_t>(b) * p.output_depth + o, r.Pack2(v, v), count);
    }
  }
}

}  // namespace arenastore::kernels::x86_avx2::internal
