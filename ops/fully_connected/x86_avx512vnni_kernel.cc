// fully_connected/x86_avx512vnni's inner loops (see x86.h); compiled with the AVX-512 VNNI flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "ops/fully_connected/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

constexpr int kRows = 8;  // weight rows per pass: 16 accumulators, the input and two temps

// Eight vectors' lane sums: lane i of the result is the sum of v[i]'s 16 lanes.
ARENASTORE_X86_INLINE __m256i SumLanes8(const __m512i v[8]) {
  __m512i pairs[4];
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    pairs[i] = _mm512_add_epi32(_mm512_unpacklo_epi32(v[2 * i], v[2 * i + 1]),
                                _mm512_unpackhi_epi32(v[2 * i], v[2 * i + 1]));
  }
  // Each 128-bit lane: partial sums of v0..v3 (low) and v4..v7 (high).
  const __m512i low = _mm512_add_epi32(_mm512_unpacklo_epi64(pairs[0], pairs[1]),
                                       _mm512_unpackhi_epi64(pairs[0], pairs[1]));
  const __m512i high = _mm512_add_epi32(_mm512_unpacklo_epi64(pairs[2], pairs[3]),
                                        _mm512_unpackhi_epi64(pairs[2], pairs[3]));
  // [low.0 + low.2, low.1 + low.3, high.0 + high.2, high.1 + high.3], then fold the pairs.
  const __m512i halves = _mm512_add_epi32(_mm512_shuffle_i32x4(low, high, 0x44),
                                          _mm512_shuffle_i32x4(low, high, 0xee));
  const __m512i folded = _mm512_add_epi32(halves, _mm512_shuffle_i32x4(halves, halves, 0xb1));
  return _mm512_castsi512_si256(_mm512_shuffle_i32x4(folded, folded, 0x08));
}

// For weight rows rows[0..8): sum over d of (x[d] + 128) * w[d] - (128 + input_zp) * sum(w),
// i.e. sum (x - input_zp) * w, by lane. The correction accumulates as (128 + input_zp) * w,
// VPDPBUSD with that byte (0..255) as the unsigned operand, so no multiply is left for the end.
__m256i DotRows(const int8_t* x, const int8_t* const rows[kRows], int32_t depth,
                int32_t input_zero_point) {
  __m512i acc[kRows], sums[kRows];
#pragma GCC unroll 8
  for (int r = 0; r < kRows; ++r) acc[r] = sums[r] = _mm512_setzero_si512();
  const __m512i flip = _mm512_set1_epi8(static_cast<char>(0x80));
  const __m512i correction = _mm512_set1_epi8(static_cast<char>(128 + input_zero_point));
  int32_t d = 0;
  for (; d + 64 <= depth; d += 64) {
    const __m512i u = _mm512_xor_si512(_mm512_loadu_si512(x + d), flip);
#pragma GCC unroll 8
    for (int r = 0; r < kRows; ++r) {
      const __m512i w = _mm512_loadu_si512(rows[r] + d);
      DotAccumulate(acc[r], u, w);
      DotAccumulate(sums[r], correction, w);
    }
  }
  if (d < depth) {
    // Masked bytes: x reads 0 (u = 128), w reads 0, so they add nothing.
    const __mmask64 mask = ByteMask(depth - d);
    const __m512i u = _mm512_xor_si512(_mm512_maskz_loadu_epi8(mask, x + d), flip);
#pragma GCC unroll 8
    for (int r = 0; r < kRows; ++r) {
      const __m512i w = _mm512_maskz_loadu_epi8(mask, rows[r] + d);
      DotAccumulate(acc[r], u, w);
      DotAccumulate(sums[r], correction, w);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < kRows; ++r) acc[r] = _mm512_sub_epi32(acc[r], sums[r]);
  return SumLanes8(acc);
}

// Sum of the bytes of x[0, depth).
int32_t SumInput(const int8_t* x, int32_t depth) {
  __m512i sum = _mm512_setzero_si512();
  const __m512i ones = _mm512_set1_epi8(1);
  for (int32_t d = 0; d < depth; d += 64) {
    DotAccumulate(sum, ones, _mm512_maskz_loadu_epi8(ByteMask(depth - d), x + d));
  }
  return _mm512_reduce_add_epi32(sum);
}

// sum (x - xzp)(w - wzp) = sum (x - xzp) w - wzp sum x + depth xzp wzp, mod 2^32 as ref: the
// part that depends on the row only.
uint32_t RowConstant(const FullyConnectedParams& p, const int8_t* x) {
  if (p.filter_zero_point == 0) return 0;
  return static_cast<uint32_t>(p.input_depth) * static_cast<uint32_t>(p.input_zero_point) *
             static_cast<uint32_t>(p.filter_zero_point) -
         static_cast<uint32_t>(SumInput(x, p.input_depth)) *
             static_cast<uint32_t>(p.filter_zero_point);
}

// Rows [first, first + 8) of the filter; rows past the last repeat it (results discarded).
void RowPointers(const FullyConnectedParams& p, const int8_t* filter, int32_t first,
                 const int8_t* rows[kRows]) {
#pragma GCC unroll 8
  for (int r = 0; r < kRows; ++r) {
    const int32_t row = first + r < p.output_depth ? first + r : p.output_depth - 1;
    rows[r] = filter + static_cast<ptrdiff_t>(row) * p.input_depth;
  }
}

// Many rows over a short depth (batch matmul's small matrices): DotRows would fill a quarter of
// each vector and reduce lanes for every 8 outputs, so put the outputs in lanes instead. A
// block of 16 filter rows is packed on the stack as [depth / 4][16][4] bytes and each input row
// costs depth / 4 VPDPBUSD on its broadcast 4-byte groups.
constexpr int32_t kBroadcastMinRows = 4;
constexpr int32_t kBroadcastMaxDepth = 256;  // a packed block is at most 4 KiB of stack
constexpr int32_t kBroadcastMaxGroups = kBroadcastMaxDepth / 4;

bool UsesBroadcastForm(const FullyConnectedParams& p) {
  return p.batches >= kBroadcastMinRows && p.input_depth <= kBroadcastMaxDepth;
}

// packed[k] lane j = bytes 4k..4k+3 of filter row first + j (zero past the depth and for lanes
// past `count`); returns (128 + input_zp) * the sum of each row's weights, by lane.
__m512i PackBlock(const FullyConnectedParams& p, const int8_t* filter, int32_t first, int32_t count,
                  __m512i* packed) {
  const int32_t groups = (p.input_depth + 3) / 4;
  const int32_t whole = p.input_depth / 4;
  const __mmask16 real = LaneMask(count);
  const __m512i rows =
      _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                         _mm512_set1_epi32(p.input_depth));
  const int8_t* base = filter + static_cast<ptrdiff_t>(first) * p.input_depth;
  for (int32_t k = 0; k < whole; ++k) {
    packed[k] = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), real, rows, base + 4 * k, 1);
  }
  if (whole < groups) {  // the last group's bytes one at a time: a dword would read past a row
    alignas(64) int8_t tail[64] = {};
    for (int32_t j = 0; j < count; ++j) {
      for (int32_t d = 4 * whole; d < p.input_depth; ++d) {
        tail[4 * j + d - 4 * whole] = base[static_cast<ptrdiff_t>(j) * p.input_depth + d];
      }
    }
    packed[whole] = _mm512_load_si512(tail);
  }
  const __m512i correction = _mm512_set1_epi8(static_cast<char>(128 + p.input_zero_point));
  __m512i sums = _mm512_setzero_si512();
  for (int32_t k = 0; k < groups; ++k) DotAccumulate(sums, correction, packed[k]);
  return sums;
}

// Row x's 4-byte group k, flipped to uint8 (x + 128), in every lane; past the depth the packed
// weights are zero, so the tail group's missing bytes may be anything (here 0x80).
ARENASTORE_X86_INLINE __m512i BroadcastGroup(const int8_t* x, int32_t k, int32_t depth) {
  const int32_t flip = static_cast<int32_t>(0x80808080u);
  if (4 * k + 4 <= depth) return _mm512_set1_epi32(LoadI32(x + 4 * k) ^ flip);
  int32_t group = 0;
  __builtin_memcpy(&group, x + 4 * k, static_cast<size_t>(depth - 4 * k));
  return _mm512_set1_epi32(group ^ flip);
}

void RunBroadcastForm(const x86::FullyConnectedJob& job, const x86::RequantTable& per_tensor_table,
                      uint8_t* table_storage) {
  const FullyConnectedParams& p = *job.params;
  const int32_t groups = (p.input_depth + 3) / 4;
  __m512i packed[kBroadcastMaxGroups];
  x86::RequantTable table = per_tensor_table;
  for (int32_t o = 0; o < p.output_depth; o += kLanes) {
    const int32_t count = p.output_depth - o < kLanes ? p.output_depth - o : kLanes;
    if (p.requant.count != 1) {
      const Requantization block{p.requant.multipliers + o, p.requant.shifts + o, count};
      table = x86::FillRequantTable(block, p.output_zero_point, p.activation_min, p.activation_max,
                                    kLanes, kLanes, {kLanes, count, kLanes}, table_storage,
                                    x86::RequantForms::kWide);
    }
    const __m512i weight_sums = PackBlock(p, job.filter, o, count, packed);
    const __mmask16 real = LaneMask(count);
    const __m512i bias =
        job.bias != nullptr ? _mm512_maskz_loadu_epi32(real, job.bias + o) : _mm512_setzero_si512();
    const __m512i init = _mm512_sub_epi32(bias, weight_sums);
    const Requantizer r(table, 0);
    __m512i acc[4];
    for (int32_t b = 0; b < p.batches; b += 4) {
      const int32_t rows = p.batches - b < 4 ? p.batches - b : 4;
#pragma GCC unroll 4
      for (int i = 0; i < 4; ++i) {
        const int8_t* x = job.input + static_cast<ptrdiff_t>(i < rows ? b + i : b) * p.input_depth;
        acc[i] = _mm512_add_epi32(init, _mm512_set1_epi32(static_cast<int32_t>(RowConstant(p, x))));
        for (int32_t k = 0; k < groups; ++k) {
          DotAccumulate(acc[i], BroadcastGroup(x, k, p.input_depth), packed[k]);
        }
        acc[i] = r.Scale(acc[i], 0);
      }
      const __m512i bytes = r.Pack4(acc[0], acc[1], acc[2], acc[3]);
      int8_t* out = job.output + static_cast<ptrdiff_t>(b) * p.output_depth + o;
      StoreChunk<0>(out, bytes, count);
      if (rows > 1) StoreChunk<1>(out + p.output_depth, bytes, count);
      if (rows > 2) StoreChunk<2>(out + 2 * p.output_depth, bytes, count);
      if (rows > 3) StoreChunk<3>(out + 3 * p.output_depth, bytes, count);
    }
  }
}

}  // namespace

void RunFullyConnected(const x86::FullyConnectedJob& job) {
  const FullyConnectedParams& p = *job.params;
  const bool per_tensor = p.requant.count == 1;
  alignas(64) uint8_t table_storage[x86::RequantTableBytes(kLanes)];
  x86::RequantTable table{};
  if (per_tensor) {
    table = x86::FillRequantTable(p.requant, p.output_zero_point, p.activation_min,
                                  p.activation_max, kLanes, kLanes, {kLanes, kLanes, kLanes},
                                  table_storage, x86::RequantForms::kWide);
  }
  if (UsesBroadcastForm(p)) return RunBroadcastForm(job, table, table_storage);
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* x = job.input + static_cast<ptrdiff_t>(b) * p.input_depth;
    const uint32_t constant = RowConstant(p, x);
    for (int32_t o = 0; o < p.output_depth; o += kLanes) {
      const int32_t count = p.output_depth - o < kLanes ? p.output_depth - o : kLanes;
      if (!per_tensor) {
        const Requantization block{p.requant.multipliers + o, p.requant.shifts + o, count};
        table = x86::FillRequantTable(block, p.output_zero_point, p.activation_min,
                                      p.activation_max, kLanes, kLanes, {kLanes, count, kLanes},
                                      table_storage, x86::RequantForms::kWide);
      }
      const int8_t* rows[kRows];
      RowPointers(p, job.filter, o, rows);
      const __m256i low = DotRows(x, rows, p.input_depth, p.input_zero_point);
      RowPointers(p, job.filter, o + kRows, rows);
      const __m256i high =
          count > kRows ? DotRows(x, rows, p.input_depth, p.input_zero_point) : low;
      const __mmask16 real = LaneMask(count);
      const __m512i bias = job.bias != nullptr ? _mm512_maskz_loadu_epi32(real, job.bias + o)
                                               : _mm512_setzero_si512();
      const __m512i total = _mm512_add_epi32(
          _mm512_add_epi32(_mm512_inserti64x4(_mm512_castsi256_si512(low), high, 1), bias),
          _mm512_set1_epi32(static_cast<int32_t>(constant)));
      const Requantizer r(table, 0);
      const __m512i v = r.Scale(total, 0);
      const __m128i bytes = _mm512_castsi512_si128(r.Pack4(v, v, v, v));
      _mm_mask_storeu_epi8(job.output + static_cast<ptrdiff_t>(b) * p.output_depth + o, real,
                           bytes);
    }
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
