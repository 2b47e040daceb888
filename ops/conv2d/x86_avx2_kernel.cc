// conv2d/x86_avx2's inner loops (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/gemm.h"
#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "kernels/x86_common/ring_rows.h"
#include "ops/conv2d/x86.h"

namespace arenastore::kernels::x86_avx2::internal {

using x86::Conv2dJob;
using x86::Conv2dLayout;

namespace {

// Requantizes a tile's accumulators into NHWC int8 output: a pixel's two blocks, or two pixels
// of one block, per 16-byte pack.
struct ConvSink {
  Requantizer requantizer;  // from block 0's first channel
  const int32_t* acc_init;  // likewise
  int8_t* out;              // output of row 0, block 0's first channel
  ptrdiff_t out_step;       // bytes between output pixels
  int32_t lanes;            // real channels from block 0 on

  ARENASTORE_X86_INLINE __m256i Init(int m) const { return Load8(acc_init + 8 * m); }

  template <int N, int M>
  ARENASTORE_X86_INLINE void StoreTile(__m256i (&acc)[N][M]) const {
    const Requantizer& r = requantizer;
    if constexpr (M == 2) {
#pragma GCC unroll 12
      for (int j = 0; j < N; ++j) {
        StoreBytes(out + j * out_step, r.Pack2(r.Scale(acc[j][0], 0), r.Scale(acc[j][1], 1)),
                   lanes);
      }
    } else {
#pragma GCC unroll 12
      for (int j = 0; j < N; j += 2) {
        const __m256i a = r.Scale(acc[j][0], 0);
        const __m256i b = j + 1 < N ? r.Scale(acc[j + 1 < N ? j + 1 : j][0], 0) : a;
        const __m128i packed = r.Pack2(a, b);
        StoreBytes(out + j * out_step, packed, lanes < 8 ? lanes : 8);
        if (j + 1 < N) {
          StoreBytes(out + (j + 1) * out_step, _mm_srli_si128(packed, 8), lanes < 8 ? lanes : 8);
        }
      }
    }
  }
};

// Packs every group's filters; acc_init = bias (the activations are already centred).
void PackFilter(const Conv2dJob& job) {
  const Conv2dParams& p = *job.params;
  const Conv2dLayout& l = job.layout;
  const int32_t per_group = p.output_c / p.groups;
  const ptrdiff_t filter_stride =
      static_cast<ptrdiff_t>(p.filter_h) * p.filter_w * l.window.group_c;
  const int32_t kgroups_per_segment = (l.window.segment_elems + 1) / 2;
  uint8_t* dst = job.scratch + l.weights_offset;
  for (int32_t g = 0; g < p.groups; ++g) {
    for (int32_t block = 0; block < l.blocks_per_group; ++block) {
      const int32_t first = block * kLanes;
      const int32_t lanes = per_group - first < kLanes ? per_group - first : kLanes;
      const int8_t* source = job.filter + (g * per_group + first) * filter_stride;
      for (int32_t s = 0; s < l.window.segments; ++s) {
        PackColumns(source, filter_stride, lanes,
                    static_cast<ptrdiff_t>(s) * l.window.segment_elems, l.window.segment_elems,
                    dst);
        dst += static_cast<ptrdiff_t>(kgroups_per_segment) * 32;
      }
      int32_t* init = job.table.acc_init + (g * l.blocks_per_group + block) * kLanes;
      for (int32_t i = 0; i < kLanes; ++i) {
        init[i] = i < lanes && job.bias != nullptr ? job.bias[g * per_group + first + i] : 0;
      }
    }
  }
}

void ConvolveRow(const Conv2dJob& job, const uint8_t* ring, int64_t* kgroup_offsets,
                 int32_t first_row, int8_t* out_row) {
  const Conv2dParams& p = *job.params;
  const Conv2dLayout& l = job.layout;
  const int32_t per_group = p.output_c / p.groups;
  const int32_t kgroups_per_segment = (l.window.segment_elems + 1) / 2;
  const ptrdiff_t block_bytes = static_cast<ptrdiff_t>(l.kgroups) * 32;
  for (int32_t g = 0; g < p.groups; ++g) {
    // Segments in packing order (filter row, then tap): ring slot (first_row + fy *
    // dilation_h) mod ring_rows, found without dividing.
    int64_t* offset = kgroup_offsets;
    int32_t slot = first_row % l.window.ring_rows;
    const int32_t runs_per_row = l.window.run_per_filter_row ? 1 : p.filter_w;
    for (int32_t fy = 0; fy < p.filter_h; ++fy) {
      for (int32_t fx = 0; fx < runs_per_row; ++fx) {
        const int32_t column =
            l.window.run_per_filter_row ? 0 : fx * p.dilation_w * p.input_c + g * l.window.group_c;
        const int64_t start = static_cast<int64_t>(slot) * l.row_bytes + 2 * column;
        for (int32_t k = 0; k < kgroups_per_segment; ++k) *offset++ = start + 4 * k;
      }
      slot += p.dilation_h;
      if (slot >= l.window.ring_rows) slot -= l.window.ring_rows;
    }
    for (int32_t block = 0; block < l.blocks_per_group; block += kMaxBlocks) {
      const int32_t blocks =
          l.blocks_per_group - block < kMaxBlocks ? l.blocks_per_group - block : kMaxBlocks;
      const int32_t max_rows = EvenPiece(p.output_w, MaxRows(blocks));
      const uint8_t* weights =
          job.scratch + l.weights_offset + (g * l.blocks_per_group + block) * block_bytes;
      for (int32_t x = 0; x < p.output_w; x += max_rows) {
        const int32_t rows = p.output_w - x < max_rows ? p.output_w - x : max_rows;
        const TileArgs args{ring + static_cast<ptrdiff_t>(x) * p.stride_w * p.input_c * 2,
                            static_cast<ptrdiff_t>(p.stride_w) * p.input_c * 2,
                            kgroup_offsets,
                            l.kgroups,
                            weights,
                            block_bytes};
        const int32_t slot = (g * l.blocks_per_group + block) * kLanes;
        ConvSink sink{
            Requantizer(job.table, slot), job.table.acc_init + slot,
            out_row + static_cast<ptrdiff_t>(x) * p.output_c + g * per_group + block * kLanes,
            p.output_c, per_group - block * kLanes};
        RunTile(rows, blocks, args, sink);
      }
    }
  }
}

}  // namespace

void RunConv2d(const Conv2dJob& job) {
  const Conv2dParams& p = *job.params;
  const Conv2dLayout& l = job.layout;
  PackFilter(job);
  uint8_t* ring = job.scratch + l.ring_offset;
  auto* kgroup_offsets = reinterpret_cast<int64_t*>(job.scratch + l.offsets_offset);
  // The slack after the ring is read (times zero weights) only; keep it deterministic.
  __builtin_memset(ring + static_cast<ptrdiff_t>(l.window.ring_rows) * l.row_bytes, 0, 64);
  const auto fill_row = [&](const int8_t* image, int32_t input_y, int32_t slot) {
    FillPaddedRow(reinterpret_cast<int16_t*>(ring + static_cast<ptrdiff_t>(slot) * l.row_bytes),
                  image, input_y, p.input_h, p.input_w, p.input_c, p.pad_left, l.window.padded_w,
                  p.input_zero_point);
  };
  x86::WalkRingRows(
      p, job.input, job.output, l.window.ring_rows, fill_row,
      [&](int32_t first, int8_t* out) { ConvolveRow(job, ring, kgroup_offsets, first, out); });
}

}  // namespace arenastore::kernels::x86_avx2::internal
