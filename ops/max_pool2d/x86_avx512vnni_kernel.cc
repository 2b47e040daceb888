// max_pool2d/x86_avx512vnni's inner loops (see x86.h); compiled with the AVX-512 flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "kernels/x86_common/pool_separable.h"
#include "ops/max_pool2d/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

ARENASTORE_X86_INLINE int32_t Max(int32_t a, int32_t b) { return a > b ? a : b; }
ARENASTORE_X86_INLINE int32_t Min(int32_t a, int32_t b) { return a < b ? a : b; }

// Output pixel (out_y, out_x): the maximum over the in-bounds part of its window (-128 when
// there is none, as ref), clamped, 64 channels per vector.
void PoolPixel(const x86::Pool2dJob& job, const int8_t* image, int32_t out_y, int32_t out_x,
               int8_t* out) {
  const Pool2dParams& p = *job.params;
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t origin_x = out_x * p.stride_w - p.pad_left;
  const int32_t y_begin = Max(origin_y, 0);
  const int32_t y_end = Min(origin_y + p.filter_h, p.input_h);
  const int32_t x_begin = Max(origin_x, 0);
  const int32_t x_end = Min(origin_x + p.filter_w, p.input_w);
  const int32_t c = p.channels;
  const __m512i low = _mm512_set1_epi8(job.clamp.low);
  const __m512i high = _mm512_set1_epi8(job.clamp.high);
  for (int32_t offset = 0; offset < c; offset += 64) {
    const __mmask64 mask = ByteMask(c - offset);
    __m512i m = _mm512_set1_epi8(-128);
    for (int32_t y = y_begin; y < y_end; ++y) {
      const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * p.input_w + x_begin) * c + offset;
      for (int32_t x = x_begin; x < x_end; ++x, pixel += c) {
        m = _mm512_max_epi8(m, _mm512_maskz_loadu_epi8(mask, pixel));
      }
    }
    _mm512_mask_storeu_epi8(out + offset, mask, _mm512_min_epi8(_mm512_max_epi8(m, low), high));
  }
}

// Separable pooling, for windows whose columns fit a stack buffer: per output row, the
// maximum over the window's rows of every input column the row reads (vertical), then over
// filter_w neighbouring columns (horizontal). The clamp is applied to the column maxima: it is
// monotone, so it commutes with the maximum, and the clamped start value -128 is `low`, which
// is also what a window (or a column) lying wholly in the padding gives.
// Two column buffers: one output row's column maxima are computed while the previous row's are
// read, so no read waits for a store still in flight. Each has a vector of slack.
constexpr int32_t kColumnBytes = 1024;
constexpr int32_t kChunkBytes = 512;
// Slack past the columns: whole-vector reads, and the stride-2 path's reads of up to two
// pixels and two vectors past a chunk's last column.
constexpr int32_t kSlackBytes = 256;

bool SeparableFits(const Pool2dParams& p) {
  return int64_t{p.filter_w} * p.channels <= kColumnBytes && p.channels <= kChunkBytes;
}

// Output columns [ox0, ox0 + nx) of every output row, all channels.
void PoolSeparableChunk(const x86::Pool2dJob& job, int32_t ox0, int32_t nx) {
  const Pool2dParams& p = *job.params;
  const int32_t c = p.channels;
  const int32_t s = p.stride_w;
  const int32_t fw = p.filter_w;
  // Padded input columns [px_begin, px_end) feed the chunk; [in_begin, in_end) of them exist.
  // Plain names, not a structured binding: the lambdas below capture them (clang before 16
  // cannot capture a binding).
  const x86::PoolChunkColumns chunk = x86::PoolChunkColumnsOf(p, ox0, nx);
  const int32_t px_begin = chunk.padded_begin, px_end = chunk.padded_end;
  const int32_t in_begin = chunk.image_begin, in_end = chunk.image_end;
  const __m512i low = _mm512_set1_epi8(job.clamp.low);
  const __m512i high = _mm512_set1_epi8(job.clamp.high);
  alignas(64) int8_t columns[2][kColumnBytes + kSlackBytes];
  const int32_t column_bytes = (px_end - px_begin) * c;
  const bool pairs = s == 2 && (c == 8 || c == 16 || c == 32);
  for (int32_t i = 0; i < column_bytes + (pairs ? kSlackBytes : 64); i += 64) {
    _mm512_store_si512(columns[0] + i, low);
    _mm512_store_si512(columns[1] + i, low);
  }
  const int32_t run_offset = (in_begin - px_begin) * c;
  const int32_t run_bytes = (in_end - in_begin) * c;
  const ptrdiff_t row_stride = static_cast<ptrdiff_t>(p.input_w) * c;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * row_stride;
  const int32_t out_bytes = nx * c;
  // Vertical: the clamped maxima over output row oy's window rows of the existing columns.
  auto column_maxima = [&](int32_t b, int32_t oy, int8_t* columns_out, const int8_t*) {
    const int32_t origin_y = oy * p.stride_h - p.pad_top;
    const int32_t y_begin = Max(origin_y, 0);
    const int32_t y_end = Min(origin_y + p.filter_h, p.input_h);
    const int8_t* run = job.input + b * image_elements + y_begin * row_stride + in_begin * c;
    int8_t* dst = columns_out + run_offset;
    for (int32_t i = 0; i < run_bytes; i += 64) {
      const __mmask64 mask = ByteMask(run_bytes - i);
      const int8_t* src = run + i;
      __m512i m = low;
      for (int32_t y = y_begin; y < y_end; ++y, src += row_stride) {
        m = _mm512_max_epi8(m, _mm512_maskz_loadu_epi8(mask, src));
      }
      _mm512_mask_storeu_epi8(dst + i, mask, _mm512_min_epi8(m, high));
    }
  };
  // Output qword q (of 8 in a vector) is pixel q / (c/8)'s qword q % (c/8), which the stride-1
  // maxima hold at qword (q / (c/8)) * (c/4) + q % (c/8).
  const __m512i gather = c == 8    ? _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14)
                         : c == 16 ? _mm512_setr_epi64(0, 1, 4, 5, 8, 9, 12, 13)
                                   : _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11);
  x86::ForEachPoolRow(p, columns, column_maxima, [&](int32_t n, int32_t, const int8_t* col) {
    int8_t* out = job.output + (static_cast<ptrdiff_t>(n) * p.output_w + ox0) * c;
    if (s == 1) {
      // Horizontal, stride 1: output lane i (pixel k, channel j) reads columns i + t * c.
      for (int32_t i = 0; i < out_bytes; i += 64) {
        __m512i m = _mm512_loadu_si512(col + i);
        for (int32_t t = 1; t < fw; ++t) {
          m = _mm512_max_epi8(m, _mm512_loadu_si512(col + t * c + i));
        }
        _mm512_mask_storeu_epi8(out + i, ByteMask(out_bytes - i), m);
      }
      return;
    }
    if (pairs) {
      // Stride 2, pixels of 8, 16 or 32 bytes: the stride-1 maxima of 128 column bytes hold
      // 64 / c output pixels at every other pixel; one two-source qword permute gathers them.
      for (int32_t o = 0; o < out_bytes; o += 64) {
        const int8_t* base = col + 2 * o;
        __m512i m0 = _mm512_loadu_si512(base);
        __m512i m1 = _mm512_loadu_si512(base + 64);
        for (int32_t t = 1; t < fw; ++t) {
          m0 = _mm512_max_epi8(m0, _mm512_loadu_si512(base + t * c));
          m1 = _mm512_max_epi8(m1, _mm512_loadu_si512(base + 64 + t * c));
        }
        _mm512_mask_storeu_epi8(out + o, ByteMask(out_bytes - o),
                                _mm512_permutex2var_epi64(m0, gather, m1));
      }
      return;
    }
    // Horizontal, stride s: output pixel k reads columns (k * s + t) * c + j.
    for (int32_t k = 0; k < nx; ++k) {
      const int8_t* window = col + k * s * c;
      for (int32_t i = 0; i < c; i += 64) {
        __m512i m = _mm512_loadu_si512(window + i);
        for (int32_t t = 1; t < fw; ++t) {
          m = _mm512_max_epi8(m, _mm512_loadu_si512(window + t * c + i));
        }
        _mm512_mask_storeu_epi8(out + k * c + i, ByteMask(c - i), m);
      }
    }
  });
}

void PoolSeparable(const x86::Pool2dJob& job) {
  x86::ForEachPoolChunk(*job.params, kColumnBytes, kChunkBytes,
                        [&](int32_t ox0, int32_t nx) { PoolSeparableChunk(job, ox0, nx); });
}

}  // namespace

void RunMaxPool2d(const x86::Pool2dJob& job) {
  const Pool2dParams& p = *job.params;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.channels;
  const ptrdiff_t out_elements =
      static_cast<ptrdiff_t>(p.batches) * p.output_h * p.output_w * p.channels;
  if (job.clamp.constant)
    return FillBytes(reinterpret_cast<uint8_t*>(job.output), out_elements,
                     static_cast<uint8_t>(job.clamp.fill));
  if (SeparableFits(p)) return PoolSeparable(job);
  int8_t* out = job.output;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = job.input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x, out += p.channels) {
        PoolPixel(job, image, out_y, out_x, out);
      }
    }
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
