// The VPDPBUSD register tile shared by the x86_avx512vnni conv2d, batch_matmul and
// transpose_conv2d kernels: N rows of uint8 activations ("pixels") times M blocks of 16 packed
// int8 weight columns, accumulated in N x M zmm registers and handed to a Sink (requantize and
// store, or scatter-add). Packed weights are [block][k-group][16 columns][4 bytes]; a row's
// k-groups come from `segments` runs of the row, each `kgroups_per_segment` dwords long.
// Include only from files compiled with the AVX-512 flags; internal linkage (see simd.h).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/x86_avx512vnni/simd.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

struct TileArgs {
  const uint8_t* rows;            // row 0's origin
  ptrdiff_t row_step;             // bytes from one row's origin to the next
  const int64_t* kgroup_offsets;  // byte offset of each 4-byte k-group from a row's origin
  int32_t kgroups;
  const uint8_t* weights;  // block 0's packed weights
  ptrdiff_t block_bytes;   // from one block's packed weights to the next
};

// Accumulators start at sink.Init(m) and end in sink.StoreTile<N, M>(acc). One flat loop over the
// k-groups, rows addressed by a running pointer: the shape GCC keeps entirely in registers.
template <int N, int M, class Sink>
__attribute__((noinline)) void DotTile(const TileArgs& t, const Sink& shared_sink) {
  const Sink sink = shared_sink;  // a local copy: the output stores cannot alias it
  __m512i acc[N][M];
#pragma GCC unroll 4
  for (int m = 0; m < M; ++m) {
    const __m512i init = sink.Init(m);
#pragma GCC unroll 16
    for (int j = 0; j < N; ++j) acc[j][m] = init;
  }
  const uint8_t* w = t.weights;
  const ptrdiff_t step = t.row_step;
  for (int32_t g = 0; g < t.kgroups; ++g, w += 64) {
    const uint8_t* a = t.rows + t.kgroup_offsets[g];
    __m512i wv[M];
#pragma GCC unroll 4
    for (int m = 0; m < M; ++m) wv[m] = _mm512_loadu_si512(w + m * t.block_bytes);
#pragma GCC unroll 16
    for (int j = 0; j < N; ++j, a += step) {
      const __m512i x = _mm512_set1_epi32(LoadI32(a));
#pragma GCC unroll 4
      for (int m = 0; m < M; ++m) DotAccumulate(acc[j][m], x, wv[m]);
    }
  }
  sink.template StoreTile<N, M>(acc);
}

// The widest tile each block count fits in 32 registers: N x M accumulators plus M weights.
constexpr int MaxRows(int m) { return m == 1 ? 14 : m == 2 ? 12 : m == 3 ? 8 : 6; }

template <int M, int N, class Sink>
inline void DotTileRows(int rows, const TileArgs& t, const Sink& sink) {
  if constexpr (N > 1) {
    if (rows < N) return DotTileRows<M, N - 1, Sink>(rows, t, sink);
  }
  DotTile<N, M, Sink>(t, sink);
}

// Runs the tile of `rows` (1..MaxRows(blocks)) rows and `blocks` (1..4) blocks.
template <class Sink>
inline void RunTile(int rows, int blocks, const TileArgs& t, const Sink& sink) {
  switch (blocks) {
    case 1:
      return DotTileRows<1, MaxRows(1), Sink>(rows, t, sink);
    case 2:
      return DotTileRows<2, MaxRows(2), Sink>(rows, t, sink);
    case 3:
      return DotTileRows<3, MaxRows(3), Sink>(rows, t, sink);
    default:
      return DotTileRows<4, MaxRows(4), Sink>(rows, t, sink);
  }
}

// Splits `count` into the fewest pieces of at most `limit`, as even as possible.
ARENASTORE_X86_INLINE int32_t EvenPiece(int32_t count, int32_t limit) {
  const int32_t pieces = (count + limit - 1) / limit;
  return (count + pieces - 1) / pieces;
}

// 16x16 transpose of dwords: afterwards r[k] lane l holds what r[l] lane k held.
ARENASTORE_X86_INLINE void Transpose16x16(__m512i r[16]) {
  __m512i t[16];
  for (int i = 0; i < 8; ++i) {
    t[2 * i] = _mm512_unpacklo_epi32(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_epi32(r[2 * i], r[2 * i + 1]);
  }
  // u[4i + c], 128-bit lane q: rows 4i..4i+3 of column 4q + c.
  __m512i u[16];
  for (int i = 0; i < 4; ++i) {
    u[4 * i + 0] = _mm512_unpacklo_epi64(t[4 * i], t[4 * i + 2]);
    u[4 * i + 1] = _mm512_unpackhi_epi64(t[4 * i], t[4 * i + 2]);
    u[4 * i + 2] = _mm512_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);
    u[4 * i + 3] = _mm512_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
  }
  for (int c = 0; c < 4; ++c) {
    const __m512i v0 = _mm512_shuffle_i32x4(u[c], u[4 + c], 0x44);
    const __m512i v1 = _mm512_shuffle_i32x4(u[c], u[4 + c], 0xee);
    const __m512i v2 = _mm512_shuffle_i32x4(u[8 + c], u[12 + c], 0x44);
    const __m512i v3 = _mm512_shuffle_i32x4(u[8 + c], u[12 + c], 0xee);
    r[c] = _mm512_shuffle_i32x4(v0, v2, 0x88);
    r[4 + c] = _mm512_shuffle_i32x4(v0, v2, 0xdd);
    r[8 + c] = _mm512_shuffle_i32x4(v1, v3, 0x88);
    r[12 + c] = _mm512_shuffle_i32x4(v1, v3, 0xdd);
  }
}

// Packs 16 columns (rows of `source`, `source_stride` bytes apart; `lanes` of them real) of
// the bytes [offset, offset + elems) of each, as 4-byte groups, zero beyond `elems` and beyond
// `lanes`, into dst (64 bytes per group): 64-byte masked loads and a dword transpose. Returns
// the 16 column sums of the bytes.
inline __m512i PackColumns(const int8_t* source, ptrdiff_t source_stride, int32_t lanes,
                           ptrdiff_t offset, int32_t elems, uint8_t* dst) {
  const __m512i ones = _mm512_set1_epi8(1);
  __m512i sums = _mm512_setzero_si512();
  for (int32_t e = 0; e < elems; e += 64) {
    const int32_t bytes = elems - e < 64 ? elems - e : 64;
    const __mmask64 mask = ByteMask(bytes);
    __m512i r[16];
    for (int l = 0; l < 16; ++l) {
      r[l] = l < lanes ? _mm512_maskz_loadu_epi8(mask, source + l * source_stride + offset + e)
                       : _mm512_setzero_si512();
    }
    Transpose16x16(r);
    const int32_t groups = (bytes + 3) / 4;
    for (int32_t k = 0; k < groups; ++k, dst += 64) {
      _mm512_storeu_si512(dst, r[k]);
      sums = _mm512_dpbusd_epi32(sums, ones, r[k]);
    }
  }
  return sums;
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx512vnni
