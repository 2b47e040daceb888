// conv2d/x86_avx512vnni's inner loops (see x86.h); compiled with the AVX-512 VNNI flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/gemm.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "ops/conv2d/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

using x86::Conv2dJob;
using x86::Conv2dLayout;

namespace {

// Requantizes a tile's accumulators into NHWC int8 output: a pixel's four blocks, or four
// pixels of one block, per 64-byte pack. kBounded: every accumulator is known to lie in
// [-2^30, 2^30) and the table allows Requantizer::ScaleBounded.
template <bool kBounded>
struct ConvSink {
  Requantizer requantizer;  // from block 0's first channel
  const int32_t* acc_init;  // likewise
  int8_t* out;              // output of row 0, block 0's first channel
  ptrdiff_t out_step;       // bytes between output pixels
  int32_t lanes;            // real channels from block 0 on

  ARENASTORE_X86_INLINE __m512i Init(int m) const { return _mm512_loadu_si512(acc_init + 16 * m); }

  // Every accumulator is requantized before the first store: an int8 store may alias the
  // requantization table, so scaling between stores would reload a block's constants for every
  // pixel; this way each block's constants are loaded once per tile.
  template <int N, int M>
  ARENASTORE_X86_INLINE void StoreTile(__m512i (&acc)[N][M]) const {
#pragma GCC unroll 4
    for (int m = 0; m < M; ++m) {
#pragma GCC unroll 16
      for (int j = 0; j < N; ++j) {
        acc[j][m] =
            kBounded ? requantizer.ScaleBounded(acc[j][m], m) : requantizer.Scale(acc[j][m], m);
      }
    }
    if constexpr (M == 4) {
#pragma GCC unroll 16
      for (int j = 0; j < N; ++j) {
        StoreBytes(out + j * out_step,
                   requantizer.Pack4(acc[j][0], acc[j][1], acc[j][2], acc[j][3]), lanes);
      }
    } else {
#pragma GCC unroll 4
      for (int m = 0; m < M; ++m) StoreBlock<N>(acc, m);
    }
  }

  // Block m of already scaled accumulators, four pixels per 64-byte pack.
  template <int N, int M>
  ARENASTORE_X86_INLINE void StoreBlock(__m512i (&acc)[N][M], int m) const {
    const int32_t bytes = lanes - 16 * m;
    int8_t* base = out + 16 * m;
#pragma GCC unroll 4
    for (int j = 0; j < N; j += 4) {
      const __m512i v0 = acc[j][m];
      const __m512i v1 = j + 1 < N ? acc[j + 1 < N ? j + 1 : j][m] : v0;
      const __m512i v2 = j + 2 < N ? acc[j + 2 < N ? j + 2 : j][m] : v0;
      const __m512i v3 = j + 3 < N ? acc[j + 3 < N ? j + 3 : j][m] : v0;
      const __m512i packed = requantizer.Pack4(v0, v1, v2, v3);
      int8_t* at = base + j * out_step;
      if (j + 4 <= N && out_step == 16 && bytes >= 16) {
        _mm512_storeu_si512(at, packed);  // four whole pixels of a 16-channel output
        continue;
      }
      StoreChunk<0>(at, packed, bytes);
      if (j + 1 < N) StoreChunk<1>(at + out_step, packed, bytes);
      if (j + 2 < N) StoreChunk<2>(at + 2 * out_step, packed, bytes);
      if (j + 3 < N) StoreChunk<3>(at + 3 * out_step, packed, bytes);
    }
  }
};

// A window of at most this many k-groups adds at most 4 * 4112 * 255 * 128 < 2^29 to acc_init.
constexpr int32_t kBoundedMaxKgroups = 4112;

// Packs every group's filters and sets acc_init = bias - (128 + input_zp) * sum(weights).
// Returns whether every acc_init lies in (-2^29, 2^29) and the window is at most
// kBoundedMaxKgroups long: then every accumulator (acc_init plus at most 4 * kgroups products
// of a uint8 and an int8) lies in (-2^30, 2^30).
bool PackFilter(const Conv2dJob& job) {
  const Conv2dParams& p = *job.params;
  const Conv2dLayout& l = job.layout;
  const int32_t per_group = p.output_c / p.groups;
  const ptrdiff_t filter_stride =
      static_cast<ptrdiff_t>(p.filter_h) * p.filter_w * l.window.group_c;
  const int32_t kgroups_per_segment = (l.window.segment_elems + 3) / 4;
  uint8_t* dst = job.scratch + l.weights_offset;
  const __m512i flip_weight = _mm512_set1_epi32(128 + p.input_zero_point);
  const __m512i init_limit = _mm512_set1_epi32(1 << 29);
  bool bounded = l.kgroups <= kBoundedMaxKgroups;
  for (int32_t g = 0; g < p.groups; ++g) {
    for (int32_t block = 0; block < l.blocks_per_group; ++block) {
      const int32_t first = block * kLanes;
      const int32_t lanes = per_group - first < kLanes ? per_group - first : kLanes;
      const int8_t* source = job.filter + (g * per_group + first) * filter_stride;
      __m512i sums = _mm512_setzero_si512();
      for (int32_t s = 0; s < l.window.segments; ++s) {
        sums =
            _mm512_add_epi32(sums, PackColumns(source, filter_stride, lanes,
                                               static_cast<ptrdiff_t>(s) * l.window.segment_elems,
                                               l.window.segment_elems, dst));
        dst += static_cast<ptrdiff_t>(kgroups_per_segment) * 64;
      }
      const __mmask16 real = LaneMask(lanes);
      const __m512i bias = job.bias != nullptr
                               ? _mm512_maskz_loadu_epi32(real, job.bias + g * per_group + first)
                               : _mm512_setzero_si512();
      const __m512i init = _mm512_maskz_mov_epi32(
          real, _mm512_sub_epi32(bias, _mm512_mullo_epi32(sums, flip_weight)));
      _mm512_storeu_si512(job.table.acc_init + (g * l.blocks_per_group + block) * kLanes, init);
      // |INT32_MIN| stays INT32_MIN, which compares as 2^31 unsigned: out of bounds, as it is.
      bounded = bounded && _mm512_cmpge_epu32_mask(_mm512_abs_epi32(init), init_limit) == 0;
    }
  }
  return bounded;
}

// Each k-group's byte offset from a pixel's origin in the ring, for group g: segments in packing
// order (filter row, then tap), filter row fy in ring slot (first_row + fy * dilation_h) mod
// ring_rows, found without dividing.
void FillKgroupOffsets(const Conv2dJob& job, int32_t g, int32_t first_slot, int64_t* offset) {
  const Conv2dParams& p = *job.params;
  const Conv2dLayout& l = job.layout;
  const int32_t kgroups_per_segment = (l.window.segment_elems + 3) / 4;
  int32_t slot = first_slot;
  const int32_t runs_per_row = l.window.run_per_filter_row ? 1 : p.filter_w;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    for (int32_t fx = 0; fx < runs_per_row; ++fx) {
      const int32_t column =
          l.window.run_per_filter_row ? 0 : fx * p.dilation_w * p.input_c + g * l.window.group_c;
      const int64_t start = static_cast<int64_t>(slot) * l.row_bytes + column;
      for (int32_t k = 0; k < kgroups_per_segment; ++k) *offset++ = start + 4 * k;
    }
    slot += p.dilation_h;
    if (slot >= l.window.ring_rows) slot -= l.window.ring_rows;
  }
}

// Group g's k-group offsets for a window whose first row sits in ring slot `first_slot`: from
// the table the split form filled once (Conv2dJob::slot_offsets), else filled into `scratch`.
const int64_t* KgroupOffsets(const Conv2dJob& job, int32_t g, int32_t first_slot,
                             int64_t* scratch) {
  if (job.slot_offsets != nullptr) {
    const ptrdiff_t slot = static_cast<ptrdiff_t>(g) * job.layout.window.ring_rows + first_slot;
    return job.slot_offsets + slot * job.layout.kgroups;
  }
  FillKgroupOffsets(job, g, first_slot, scratch);
  return scratch;
}

// The pair form (Conv2dLayout::pair_form): PackFilter left one block of 8 real columns; copy
// them and their acc_init into the upper 8 lanes, so lane l serves filter l % 8.
void MirrorPairBlock(const Conv2dJob& job) {
  uint8_t* weights = job.scratch + job.layout.weights_offset;
  for (int32_t k = 0; k < job.layout.kgroups; ++k, weights += 64) {
    __builtin_memcpy(weights + 32, weights, 32);
  }
  __builtin_memcpy(job.table.acc_init + kLanes / 2, job.table.acc_init,
                   sizeof(int32_t) * (kLanes / 2));
}

// Up to 2N pixels of one output row, two per accumulator: lanes 0-7 pixel 2j, lanes 8-15 pixel
// 2j + 1, which for an odd `pixels` is the last tile's last accumulator's copy of pixel 2j (its
// result is not stored). Requantized with block 0's constants (repeating every 8 lanes) and
// stored eight pixels per 64-byte pack.
template <int N, bool kBounded>
__attribute__((noinline)) void DotPairTile(const TileArgs& t, int32_t pixels,
                                           const Requantizer& requantizer, const int32_t* acc_init,
                                           int8_t* out, int32_t channels) {
  __m512i acc[N];
  const __m512i init = _mm512_loadu_si512(acc_init);
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) acc[j] = init;
  const ptrdiff_t step = t.row_step;
  const ptrdiff_t last_second = pixels == 2 * N ? step : 0;
  const uint8_t* w = t.weights;
  for (int32_t g = 0; g < t.kgroups; ++g, w += 64) {
    const uint8_t* a = t.rows + t.kgroup_offsets[g];
    const __m512i wv = _mm512_loadu_si512(w);
#pragma GCC unroll 8
    for (int j = 0; j < N; ++j, a += 2 * step) {
      const ptrdiff_t second = j + 1 < N ? step : last_second;
      const __m512i x = _mm512_inserti64x4(_mm512_set1_epi32(LoadI32(a)),
                                           _mm256_set1_epi32(LoadI32(a + second)), 1);
      DotAccumulate(acc[j], x, wv);
    }
  }
#pragma GCC unroll 8
  for (int j = 0; j < N; ++j) {
    acc[j] = kBounded ? requantizer.ScaleBounded(acc[j], 0) : requantizer.Scale(acc[j], 0);
  }
#pragma GCC unroll 2
  for (int q = 0; q < N; q += 4) {
    const __m512i packed = requantizer.Pack4(
        acc[q], acc[q + 1 < N ? q + 1 : q], acc[q + 2 < N ? q + 2 : q], acc[q + 3 < N ? q + 3 : q]);
    const int32_t in_pack = pixels - 2 * q < 8 ? pixels - 2 * q : 8;  // byte 8i: pixel 2q + i
    int8_t* at = out + static_cast<ptrdiff_t>(2 * q) * channels;
    if (channels == kLanes / 2) {
      StoreBytes(at, packed, 8 * in_pack);
      continue;
    }
    alignas(64) int8_t staged[64];
    _mm512_store_si512(staged, packed);
    for (int32_t i = 0; i < in_pack; ++i) {
      _mm_mask_storeu_epi8(at + static_cast<ptrdiff_t>(i) * channels, LaneMask(channels),
                           _mm_loadl_epi64(reinterpret_cast<const __m128i*>(staged + 8 * i)));
    }
  }
}

template <int N, bool kBounded>
void DotPairTileOf(int32_t pairs, const TileArgs& t, int32_t pixels, const Requantizer& requantizer,
                   const int32_t* acc_init, int8_t* out, int32_t channels) {
  if constexpr (N > 1) {
    if (pairs < N) {
      return DotPairTileOf<N - 1, kBounded>(pairs, t, pixels, requantizer, acc_init, out, channels);
    }
  }
  DotPairTile<N, kBounded>(t, pixels, requantizer, acc_init, out, channels);
}

constexpr int32_t kMaxPairs = 8;  // 8 accumulators, the weights and two temporaries

template <bool kBounded>
void ConvolvePairRow(const Conv2dJob& job, const uint8_t* ring, int64_t* kgroup_offsets,
                     int32_t first_slot, int8_t* out_row) {
  const Conv2dParams& p = *job.params;
  const int64_t* offsets = KgroupOffsets(job, 0, first_slot, kgroup_offsets);
  const ptrdiff_t in_step = static_cast<ptrdiff_t>(p.stride_w) * p.input_c;
  TileArgs args{ring, in_step, offsets, job.layout.kgroups, job.scratch + job.layout.weights_offset,
                0};
  const Requantizer requantizer(job.table, 0);
  for (int32_t x = 0; x < p.output_w; x += 2 * kMaxPairs) {
    const int32_t pixels = p.output_w - x < 2 * kMaxPairs ? p.output_w - x : 2 * kMaxPairs;
    DotPairTileOf<kMaxPairs, kBounded>(
        (pixels + 1) / 2, args, pixels, requantizer, job.table.acc_init,
        out_row + static_cast<ptrdiff_t>(x) * p.output_c, p.output_c);
    args.rows += 2 * kMaxPairs * in_step;
  }
}

// How a row of output pixels is cut into register tiles: the same for every row, so worked out
// once per call (the divisions cost more than a small layer's row of tiles).
struct RowTiling {
  int32_t blocks_per_tile;  // blocks side by side in a tile
  int32_t max_rows[5];      // by blocks in the tile (1..4): pixels per tile, as even as possible
};

RowTiling RowTilingOf(const Conv2dParams& p, const Conv2dLayout& l) {
  RowTiling t{};
  const int32_t tiles = (l.blocks_per_group + 3) / 4;
  t.blocks_per_tile = (l.blocks_per_group + tiles - 1) / tiles;
  for (int32_t blocks = 1; blocks <= 4; ++blocks) {
    t.max_rows[blocks] = EvenPiece(p.output_w, MaxRows(blocks));
  }
  return t;
}

// `first_slot`: the ring slot of padded row `first_row` (first_row mod ring_rows).
template <bool kBounded>
void ConvolveRow(const Conv2dJob& job, const RowTiling& tiling, const uint8_t* ring,
                 int64_t* kgroup_offsets, int32_t first_slot, int8_t* out_row) {
  const Conv2dParams& p = *job.params;
  const Conv2dLayout& l = job.layout;
  const int32_t per_group = p.output_c / p.groups;
  const ptrdiff_t block_bytes = static_cast<ptrdiff_t>(l.kgroups) * 64;
  const int32_t blocks_per_tile = tiling.blocks_per_tile;
  for (int32_t g = 0; g < p.groups; ++g) {
    const int64_t* offsets = KgroupOffsets(job, g, first_slot, kgroup_offsets);
    for (int32_t block = 0; block < l.blocks_per_group; block += blocks_per_tile) {
      const int32_t blocks = l.blocks_per_group - block < blocks_per_tile
                                 ? l.blocks_per_group - block
                                 : blocks_per_tile;
      const int32_t max_rows = tiling.max_rows[blocks];
      const uint8_t* weights =
          job.scratch + l.weights_offset + (g * l.blocks_per_group + block) * block_bytes;
      // Built once per block run (the tile takes them by reference, so they live in memory):
      // only the rows' and outputs' origins move along the row.
      const ptrdiff_t in_step = static_cast<ptrdiff_t>(p.stride_w) * p.input_c;
      TileArgs args{ring, in_step, offsets, l.kgroups, weights, block_bytes};
      const int32_t slot = (g * l.blocks_per_group + block) * kLanes;
      ConvSink<kBounded> sink{Requantizer(job.table, slot), job.table.acc_init + slot,
                              out_row + g * per_group + block * kLanes, p.output_c,
                              per_group - block * kLanes};
      for (int32_t x = 0; x < p.output_w; x += max_rows) {
        const int32_t rows = p.output_w - x < max_rows ? p.output_w - x : max_rows;
        RunTile(rows, blocks, args, sink);
        args.rows += rows * in_step;
        sink.out += static_cast<ptrdiff_t>(rows) * p.output_c;
      }
    }
  }
}

}  // namespace

bool PrepareConv2d(const Conv2dJob& job) {
  const bool bounded = PackFilter(job) && job.table.bounded_form_ok;
  if (job.layout.pair_form) MirrorPairBlock(job);
  return bounded;
}

void FillSlotOffsets(const Conv2dJob& job, int64_t* slot_offsets) {
  const int32_t ring_rows = job.layout.window.ring_rows;
  for (int32_t g = 0; g < job.params->groups; ++g) {
    for (int32_t slot = 0; slot < ring_rows; ++slot) {
      FillKgroupOffsets(
          job, g, slot,
          slot_offsets + (static_cast<ptrdiff_t>(g) * ring_rows + slot) * job.layout.kgroups);
    }
  }
}

void RunConv2d(const Conv2dJob& job) { ConvolveConv2d(job, PrepareConv2d(job)); }

void ConvolveConv2d(const Conv2dJob& job, bool bounded) {
  const Conv2dParams& p = *job.params;
  const Conv2dLayout& l = job.layout;
  uint8_t* ring = job.scratch + l.ring_offset;
  auto* kgroup_offsets = reinterpret_cast<int64_t*>(job.scratch + l.offsets_offset);
  const auto pad_byte = static_cast<uint8_t>(static_cast<uint8_t>(p.input_zero_point) ^ 0x80u);
  // The slack after the ring is read (times zero weights) only; keep it deterministic.
  FillBytes(ring + static_cast<ptrdiff_t>(l.window.ring_rows) * l.row_bytes, 64, pad_byte);
  const ptrdiff_t image_bytes = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t out_row_bytes = static_cast<ptrdiff_t>(p.output_w) * p.output_c;
  const RowTiling tiling = RowTilingOf(p, l);
  const int32_t ring_rows = l.window.ring_rows;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = job.input + b * image_bytes;
    int8_t* out = job.output + b * out_row_bytes * p.output_h;
    int32_t filled = 0;       // padded rows [0, filled) have been copied (or skipped) already
    int32_t filled_slot = 0;  // filled mod ring_rows
    int32_t first_slot = 0;   // the output row's first padded row, mod ring_rows
    for (int32_t oy = 0; oy < p.output_h; ++oy, out += out_row_bytes) {
      const int32_t first = oy * p.stride_h;
      const int32_t end = first + ring_rows;
      if (first > filled) {  // a stride skips rows: the ring resumes at the window's first
        filled = first;
        filled_slot = first_slot;
      }
      for (; filled < end; ++filled) {
        FillPaddedRow(ring + static_cast<ptrdiff_t>(filled_slot) * l.row_bytes, image,
                      filled - p.pad_top, p.input_h, p.input_w, p.input_c, p.pad_left,
                      l.window.padded_w, pad_byte);
        if (++filled_slot == ring_rows) filled_slot = 0;
      }
      if (l.pair_form) {
        (bounded ? ConvolvePairRow<true> : ConvolvePairRow<false>)(job, ring, kgroup_offsets,
                                                                   first_slot, out);
      } else if (bounded) {
        ConvolveRow<true>(job, tiling, ring, kgroup_offsets, first_slot, out);
      } else {
        ConvolveRow<false>(job, tiling, ring, kgroup_offsets, first_slot, out);
      }
      for (int32_t step = 0; step < p.stride_h; ++step) {
        if (++first_slot == ring_rows) first_slot = 0;
      }
    }
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
