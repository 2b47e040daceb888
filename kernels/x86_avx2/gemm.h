// The VPMADDWD register tile shared by the x86_avx2 conv2d, batch_matmul and transpose_conv2d
// kernels: N rows of int16 activation pairs ("pixels") times M blocks of 8 packed int16 weight
// column pairs, accumulated in N x M ymm registers and handed to a Sink (requantize and store,
// or scatter-add). Packed weights are [block][k-group][8 columns][2 int16]; a row's k-groups
// come from `segments` runs of the row, each `kgroups_per_segment` dwords long.
// Include only from files compiled with the AVX2 flags; internal linkage (see simd.h).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/x86_avx2/simd.h"

namespace arenastore::kernels::x86_avx2 {
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
  __m256i acc[N][M];
#pragma GCC unroll 2
  for (int m = 0; m < M; ++m) {
    const __m256i init = sink.Init(m);
#pragma GCC unroll 12
    for (int j = 0; j < N; ++j) acc[j][m] = init;
  }
  const uint8_t* w = t.weights;
  const ptrdiff_t step = t.row_step;
  for (int32_t g = 0; g < t.kgroups; ++g, w += 32) {
    const uint8_t* a = t.rows + t.kgroup_offsets[g];
    __m256i wv[M];
#pragma GCC unroll 2
    for (int m = 0; m < M; ++m) {
      wv[m] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + m * t.block_bytes));
    }
#pragma GCC unroll 12
    for (int j = 0; j < N; ++j, a += step) {
      const __m256i x = _mm256_set1_epi32(LoadI32(a));
#pragma GCC unroll 2
      for (int m = 0; m < M; ++m) {
        acc[j][m] = _mm256_add_epi32(acc[j][m], _mm256_madd_epi16(x, wv[m]));
      }
    }
  }
  sink.template StoreTile<N, M>(acc);
}

// The widest tile each block count fits in 16 registers (accumulators, weights, two temps).
constexpr int MaxRows(int m) { return m == 1 ? 12 : 6; }
inline constexpr int kMaxBlocks = 2;

template <int M, int N, class Sink>
inline void DotTileRows(int rows, const TileArgs& t, const Sink& sink) {
  if constexpr (N > 1) {
    if (rows < N) return DotTileRows<M, N - 1, Sink>(rows, t, sink);
  }
  DotTile<N, M, Sink>(t, sink);
}

template <class Sink>
inline void RunTile(int rows, int blocks, const TileArgs& t, const Sink& sink) {
  if (blocks == 1) return DotTileRows<1, MaxRows(1), Sink>(rows, t, sink);
  DotTileRows<2, MaxRows(2), Sink>(rows, t, sink);
}

ARENASTORE_X86_INLINE int32_t EvenPiece(int32_t count, int32_t limit) {
  const int32_t pieces = (count + limit - 1) / limit;
  return (count + pieces - 1) / pieces;
}

// 8x8 transpose of dwords: out[k] lane l = in[l] lane k.
ARENASTORE_X86_INLINE void Transpose8x8(const __m256i in[8], __m256i out[8]) {
  __m256i t[8], u[8];
  for (int i = 0; i < 4; ++i) {
    t[2 * i] = _mm256_unpacklo_epi32(in[2 * i], in[2 * i + 1]);
    t[2 * i + 1] = _mm256_unpackhi_epi32(in[2 * i], in[2 * i + 1]);
  }
  for (int i = 0; i < 2; ++i) {
    u[4 * i + 0] = _mm256_unpacklo_epi64(t[4 * i], t[4 * i + 2]);
    u[4 * i + 1] = _mm256_unpackhi_epi64(t[4 * i], t[4 * i + 2]);
    u[4 * i + 2] = _mm256_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);
    u[4 * i + 3] = _mm256_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
  }
  for (int k = 0; k < 4; ++k) {
    out[k] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x20);
    out[k + 4] = _mm256_permute2x128_si256(u[k], u[k + 4], 0x31);
  }
}

// Packs 8 columns (rows of int8 `source`, `source_stride` apart; `lanes` of them real) of the
// elements [offset, offset + elems) of each, as int16 pairs, zero beyond `elems` and `lanes`,
// into dst (32 bytes per pair).
ARENASTORE_X86_INLINE void PackColumns(const int8_t* source, ptrdiff_t source_stride, int32_t lanes,
                                       ptrdiff_t offset, int32_t elems, uint8_t* dst) {
  int32_t e = 0;
  for (; e + 16 <= elems; e += 16, dst += 8 * 32) {
    __m256i rows[8], cols[8];
    for (int l = 0; l < 8; ++l) {
      rows[l] = l < lanes ? _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(
                                source + l * source_stride + offset + e)))
                          : _mm256_setzero_si256();
    }
    Transpose8x8(rows, cols);
    for (int k = 0; k < 8; ++k)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + 32 * k), cols[k]);
  }
  for (; e < elems; e += 2, dst += 32) {
    alignas(32) int16_t pairs[16] = {};
    for (int32_t l = 0; l < lanes; ++l) {
      const int8_t* column = source + l * source_stride + offset + e;
      pairs[2 * l] = column[0];
      pairs[2 * l + 1] = e + 1 < elems ? column[1] : 0;
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst),
                        _mm256_load_si256(reinterpret_cast<const __m256i*>(pairs)));
  }
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx2
