// max_pool2d/x86_avx2's inner loops (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/partial_bytes.h"
#include "kernels/x86_avx2/simd.h"
#include "kernels/x86_common/pool_separable.h"
#include "ops/max_pool2d/x86.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

ARENASTORE_X86_INLINE int32_t Max(int32_t a, int32_t b) { return a > b ? a : b; }
ARENASTORE_X86_INLINE int32_t Min(int32_t a, int32_t b) { return a < b ? a : b; }

struct Window {
  int32_t y_begin, y_end, x_begin, x_end;
};

// Channels [offset, offset + width) of the window's maximum, clamped: W bytes a vector (32 in
// a ymm, 16 or 8 in an xmm), loaded and stored with plain loads of that width.
template <int W>
ARENASTORE_X86_INLINE void PoolChunk(const Pool2dParams& p, const int8_t* image, const Window& w,
                                     int32_t offset, __m256i low, __m256i high, int8_t* out) {
  const int32_t c = p.channels;
  __m256i m = _mm256_set1_epi8(-128);
  for (int32_t y = w.y_begin; y < w.y_end; ++y) {
    const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * p.input_w + w.x_begin) * c + offset;
    for (int32_t x = w.x_begin; x < w.x_end; ++x, pixel += c) {
      __m256i v;
      if constexpr (W == 32) {
        v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pixel));
      } else if constexpr (W == 16) {
        v = _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(pixel)));
      } else {
        v = _mm256_castsi128_si256(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(pixel)));
      }
      m = _mm256_max_epi8(m, v);
    }
  }
  m = _mm256_min_epi8(_mm256_max_epi8(m, low), high);
  if constexpr (W == 32) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + offset), m);
  } else if constexpr (W == 16) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + offset), _mm256_castsi256_si128(m));
  } else {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + offset), _mm256_castsi256_si128(m));
  }
}

// Fewer than 8 channels left: one at a time.
void PoolTail(const x86::Pool2dJob& job, const int8_t* image, const Window& w, int32_t offset,
              int8_t* out) {
  const Pool2dParams& p = *job.params;
  const int32_t c = p.channels;
  for (int32_t k = offset; k < c; ++k) {
    int32_t m = -128;
    for (int32_t y = w.y_begin; y < w.y_end; ++y) {
      const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * p.input_w + w.x_begin) * c + k;
      for (int32_t x = w.x_begin; x < w.x_end; ++x, pixel += c) m = Max(m, *pixel);
    }
    out[k] = static_cast<int8_t>(Min(Max(m, job.clamp.low), job.clamp.high));
  }
}

void PoolPixel(const x86::Pool2dJob& job, const int8_t* image, int32_t out_y, int32_t out_x,
               int8_t* out) {
  const Pool2dParams& p = *job.params;
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t origin_x = out_x * p.stride_w - p.pad_left;
  const Window w{Max(origin_y, 0), Min(origin_y + p.filter_h, p.input_h), Max(origin_x, 0),
                 Min(origin_x + p.filter_w, p.input_w)};
  const __m256i low = _mm256_set1_epi8(job.clamp.low);
  const __m256i high = _mm256_set1_epi8(job.clamp.high);
  const int32_t c = p.channels;
  int32_t offset = 0;
  for (; offset + 32 <= c; offset += 32) PoolChunk<32>(p, image, w, offset, low, high, out);
  if (offset + 16 <= c) {
    PoolChunk<16>(p, image, w, offset, low, high, out);
    offset += 16;
  }
  if (offset + 8 <= c) {
    PoolChunk<8>(p, image, w, offset, low, high, out);
    offset += 8;
  }
  if (offset < c) PoolTail(job, image, w, offset, out);
}

// Separable pooling, as x86_avx512vnni's, for windows whose columns fit a stack buffer: per
// output row, the clamped maxima over the window's rows of every input column the row reads
// (vertical), then over filter_w neighbouring columns (horizontal). The clamp is monotone, so it
// commutes with the maximum; padding columns and empty row ranges give `low` (ref's -128,
// clamped). Two column buffers: one row's maxima are computed while the previous row's are
// read. Partial vectors go through staging buffers (no byte outside a run is read or written).
constexpr int32_t kColumnBytes = 1024;
constexpr int32_t kChunkBytes = 512;
constexpr int32_t kSlackBytes = 32;

bool SeparableFits(const Pool2dParams& p) {
  return int64_t{p.filter_w} * p.channels <= kColumnBytes && p.channels <= kChunkBytes;
}

// dst[0, n) = the first n <= 32 bytes of v.
ARENASTORE_X86_INLINE void StorePartial(int8_t* dst, __m256i v, int32_t n) {
  if (n == 32) return _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), v);
  if (n == 16) return _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), _mm256_castsi256_si128(v));
  if (n == 8) return _mm_storel_epi64(reinterpret_cast<__m128i*>(dst), _mm256_castsi256_si128(v));
  alignas(32) int8_t staged[32];
  _mm256_store_si256(reinterpret_cast<__m256i*>(staged), v);
  CopySmall(dst, staged, n);
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
  const __m256i low = _mm256_set1_epi8(job.clamp.low);
  const __m256i high = _mm256_set1_epi8(job.clamp.high);
  alignas(32) int8_t columns[2][kColumnBytes + kSlackBytes];
  const int32_t column_bytes = (px_end - px_begin) * c;
  for (int32_t i = 0; i < column_bytes + kSlackBytes; i += 32) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(columns[0] + i), low);
    _mm256_store_si256(reinterpret_cast<__m256i*>(columns[1] + i), low);
  }
  const int32_t run_offset = (in_begin - px_begin) * c;
  const int32_t run_bytes = (in_end - in_begin) * c;
  const ptrdiff_t row_stride = static_cast<ptrdiff_t>(p.input_w) * c;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * row_stride;
  const int32_t out_bytes = nx * c;
  auto column_maxima = [&](int32_t b, int32_t oy, int8_t* columns_out, const int8_t*) {
    const int32_t origin_y = oy * p.stride_h - p.pad_top;
    const int32_t y_begin = Max(origin_y, 0);
    const int32_t y_end = Min(origin_y + p.filter_h, p.input_h);
    const int8_t* run = job.input + b * image_elements + y_begin * row_stride + in_begin * c;
    int8_t* dst = columns_out + run_offset;
    // Whole vectors, the last one overlapping its predecessor when 32 does not divide the run
    // (the bytes both cover get the same value twice); a run under 32 bytes is staged.
    int32_t i = 0;
    for (; i < run_bytes && run_bytes >= 32; i += 32) {
      if (i + 32 > run_bytes) i = run_bytes - 32;
      const int8_t* src = run + i;
      __m256i m = low;
      for (int32_t y = y_begin; y < y_end; ++y, src += row_stride) {
        m = _mm256_max_epi8(m, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src)));
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), _mm256_min_epi8(m, high));
    }
    if (run_bytes > 0 && run_bytes < 32) {
      const int32_t n = run_bytes;
      const int8_t* src = run;
      __m256i m = low;
      alignas(32) int8_t staged[32] = {};
      for (int32_t y = y_begin; y < y_end; ++y, src += row_stride) {
        CopySmall(staged, src, n);
        m = _mm256_max_epi8(m, _mm256_load_si256(reinterpret_cast<const __m256i*>(staged)));
      }
      StorePartial(dst, _mm256_min_epi8(m, high), n);
    }
  };
  x86::ForEachPoolRow(p, columns, column_maxima, [&](int32_t n, int32_t, const int8_t* col) {
    int8_t* out = job.output + (static_cast<ptrdiff_t>(n) * p.output_w + ox0) * c;
    auto window_max = [&](const int8_t* window) {
      __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(window));
      for (int32_t t = 1; t < fw; ++t) {
        m = _mm256_max_epi8(m,
                            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(window + t * c)));
      }
      return m;
    };
    if (s == 1) {
      // Horizontal, stride 1: output lane i (pixel k, channel j) reads columns i + t * c.
      if (out_bytes < 32) return StorePartial(out, window_max(col), out_bytes);
      for (int32_t i = 0; i < out_bytes; i += 32) {
        if (i + 32 > out_bytes) i = out_bytes - 32;  // overlaps, with the same values
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), window_max(col + i));
      }
      return;
    }
    // Horizontal, stride s: output pixel k reads columns (k * s + t) * c + j.
    for (int32_t k = 0; k < nx; ++k) {
      for (int32_t i = 0; i < c; i += 32) {
        StorePartial(out + k * c + i, window_max(col + k * s * c + i), Min(32, c - i));
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
  int8_t* out = job.output;
  if (job.clamp.constant) {
    const ptrdiff_t count =
        static_cast<ptrdiff_t>(p.batches) * p.output_h * p.output_w * p.channels;
    for (ptrdiff_t i = 0; i < count; ++i) out[i] = job.clamp.fill;
    return;
  }
  if (SeparableFits(p)) return PoolSeparable(job);
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = job.input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x, out += p.channels) {
        PoolPixel(job, image, out_y, out_x, out);
      }
    }
  }
}

}  // namespace arenastore::kernels::x86_avx2::internal
