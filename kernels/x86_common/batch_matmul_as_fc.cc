#include "kernels/x86_common/batch_matmul_as_fc.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace arenastore::kernels::x86 {
namespace {

constexpr int kBatchDims = 3;
constexpr size_t kAlign = 64;

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

size_t MatrixBytes(int32_t a, int32_t b) {
  return a > 0 && b > 0 ? static_cast<size_t>(a) * static_cast<size_t>(b) : 0;
}

size_t LhsCopyBytes(const BatchMatmulParams& p) {
  return p.adj_x ? AlignUp(MatrixBytes(p.rows, p.accum_depth)) : 0;
}

size_t RhsCopyBytes(const BatchMatmulParams& p) {
  return p.adj_y ? 0 : AlignUp(MatrixBytes(p.accum_depth, p.cols));
}

// The convolution needs symmetric weights (it subtracts no weight zero point) and some depth
// (an empty conv2d writes nothing, while batch_matmul still writes requantized zeros).
bool RunsAsConvolution(const BatchMatmulParams& p) {
  return p.rhs_zero_point == 0 && p.accum_depth > 0 && p.rows > 0 && p.cols > 0;
}

// One batch as conv2d: a [1, 1, rows, accum] image, [cols, 1, 1, accum] filter. The requant
// pointers are set by the caller.
Conv2dParams ConvolutionOf(const BatchMatmulParams& p) {
  Conv2dParams c{};
  c.batches = 1;
  c.input_h = 1;
  c.input_w = p.rows;
  c.input_c = p.accum_depth;
  c.filter_h = c.filter_w = 1;
  c.output_h = 1;
  c.output_w = p.rows;
  c.output_c = p.cols;
  c.groups = 1;
  c.stride_h = c.stride_w = c.dilation_h = c.dilation_w = 1;
  c.input_zero_point = p.lhs_zero_point;
  c.output_zero_point = p.output_zero_point;
  c.activation_min = p.activation_min;
  c.activation_max = p.activation_max;
  c.requant = {nullptr, nullptr, p.cols};
  return c;
}

size_t RequantCopyBytes(const BatchMatmulParams& p) {
  return AlignUp(2 * sizeof(int32_t) * static_cast<size_t>(p.cols));
}

#if defined(__SSE2__)
// The 16x16 bytes at src (rows src_stride apart), transposed into dst (rows dst_stride apart):
// byte, word, dword and qword interleaves, about 100 instructions where bytes one at a time take
// 512 (the scalar transpose was 39% of the 64x64x64 batch matmul).
void TransposeTile16(const int8_t* src, ptrdiff_t src_stride, int8_t* dst, ptrdiff_t dst_stride) {
  __m128i r[16], t[16];
  for (int i = 0; i < 16; ++i) {
    r[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i * src_stride));
  }
  // t[8h + i]: columns 8h..8h+7 of rows 2i, 2i+1, a word per column.
  for (int i = 0; i < 8; ++i) {
    t[i] = _mm_unpacklo_epi8(r[2 * i], r[2 * i + 1]);
    t[8 + i] = _mm_unpackhi_epi8(r[2 * i], r[2 * i + 1]);
  }
  // r[4q + i]: columns 4q..4q+3 of rows 4i..4i+3, a dword per column.
  for (int h = 0; h < 2; ++h) {
    for (int i = 0; i < 4; ++i) {
      r[8 * h + i] = _mm_unpacklo_epi16(t[8 * h + 2 * i], t[8 * h + 2 * i + 1]);
      r[8 * h + 4 + i] = _mm_unpackhi_epi16(t[8 * h + 2 * i], t[8 * h + 2 * i + 1]);
    }
  }
  for (int q = 0; q < 4; ++q) {
    const __m128i* u = r + 4 * q;
    const __m128i low_rows01 = _mm_unpacklo_epi32(u[0], u[1]);   // columns 4q, 4q+1: rows 0-7
    const __m128i high_rows01 = _mm_unpackhi_epi32(u[0], u[1]);  // columns 4q+2, 4q+3: rows 0-7
    const __m128i low_rows23 = _mm_unpacklo_epi32(u[2], u[3]);   // likewise rows 8-15
    const __m128i high_rows23 = _mm_unpackhi_epi32(u[2], u[3]);
    int8_t* out = dst + 4 * q * dst_stride;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_unpacklo_epi64(low_rows01, low_rows23));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + dst_stride),
                     _mm_unpackhi_epi64(low_rows01, low_rows23));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * dst_stride),
                     _mm_unpacklo_epi64(high_rows01, high_rows23));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 3 * dst_stride),
                     _mm_unpackhi_epi64(high_rows01, high_rows23));
  }
}
#endif

// dst [cols_of_src, rows_of_src] = transpose of src [rows_of_src, cols_of_src]: whole 16x16
// tiles with SSE2 where the target has it, the rest a byte at a time.
void Transpose(const int8_t* src, int32_t src_rows, int32_t src_cols, int8_t* dst) {
  int32_t tiled_rows = 0, tiled_cols = 0;
#if defined(__SSE2__)
  tiled_rows = src_rows / 16 * 16;
  tiled_cols = src_cols / 16 * 16;
  for (int32_t r = 0; r < tiled_rows; r += 16) {
    for (int32_t c = 0; c < tiled_cols; c += 16) {
      TransposeTile16(src + static_cast<ptrdiff_t>(r) * src_cols + c, src_cols,
                      dst + static_cast<ptrdiff_t>(c) * src_rows + r, src_rows);
    }
  }
#endif
  for (int32_t r = 0; r < src_rows; ++r) {
    const int8_t* row = src + static_cast<ptrdiff_t>(r) * src_cols;
    // Rows of the tiled band continue after the tiled columns; the rest start at column 0.
    for (int32_t c = r < tiled_rows ? tiled_cols : 0; c < src_cols; ++c) {
      dst[static_cast<ptrdiff_t>(c) * src_rows + r] = row[c];
    }
  }
}

ptrdiff_t OperandBatch(const int32_t* dims, const int32_t* at) {
  ptrdiff_t index = 0;
  for (int i = 0; i < kBatchDims; ++i) index = index * dims[i] + (dims[i] == 1 ? 0 : at[i]);
  return index;
}

}  // namespace

size_t BatchMatmulAsFcScratchBytes(const BatchMatmulParams& p, const ConvRunner& conv) {
  const size_t copies = LhsCopyBytes(p) + RhsCopyBytes(p);
  if (!RunsAsConvolution(p)) return copies;
  return copies + RequantCopyBytes(p) + conv.scratch_bytes(ConvolutionOf(p));
}

Status RunBatchMatmulAsFc(const BatchMatmulParams& p, const int8_t* lhs, const int8_t* rhs,
                          int8_t* output, std::span<uint8_t> scratch, RunFcFn run_fc,
                          const ConvRunner& conv) {
  if (p.rows <= 0 || p.cols <= 0) return Status::Ok();
  FullyConnectedParams fc{};
  fc.batches = p.rows;
  fc.input_depth = p.accum_depth;
  fc.output_depth = p.cols;
  fc.input_zero_point = p.lhs_zero_point;
  fc.filter_zero_point = p.rhs_zero_point;
  fc.output_zero_point = p.output_zero_point;
  fc.activation_min = p.activation_min;
  fc.activation_max = p.activation_max;
  fc.requant = {&p.output_multiplier, &p.output_shift, 1};
  auto* lhs_copy = reinterpret_cast<int8_t*>(scratch.data());
  auto* rhs_copy = reinterpret_cast<int8_t*>(scratch.data() + LhsCopyBytes(p));
  const bool as_convolution = RunsAsConvolution(p);
  Conv2dParams convolution = ConvolutionOf(p);
  std::span<uint8_t> conv_scratch;
  if (as_convolution) {
    const size_t requant_offset = LhsCopyBytes(p) + RhsCopyBytes(p);
    auto* multipliers = reinterpret_cast<int32_t*>(scratch.data() + requant_offset);
    int32_t* shifts = multipliers + p.cols;
    for (int32_t c = 0; c < p.cols; ++c) {
      multipliers[c] = p.output_multiplier;
      shifts[c] = p.output_shift;
    }
    convolution.requant = {multipliers, shifts, p.cols};
    conv_scratch =
        scratch.subspan(requant_offset + RequantCopyBytes(p), conv.scratch_bytes(convolution));
  }
  const auto lhs_matrix = static_cast<ptrdiff_t>(MatrixBytes(p.rows, p.accum_depth));
  const auto rhs_matrix = static_cast<ptrdiff_t>(MatrixBytes(p.accum_depth, p.cols));
  const ptrdiff_t out_matrix = static_cast<ptrdiff_t>(p.rows) * p.cols;
  ptrdiff_t lhs_done = -1, rhs_done = -1;  // the operand matrices the copies hold
  int32_t at[kBatchDims];
  int32_t out_batch[kBatchDims];
  for (int i = 0; i < kBatchDims; ++i) {
    out_batch[i] = p.lhs_batch[i] > p.rhs_batch[i] ? p.lhs_batch[i] : p.rhs_batch[i];
  }
  for (at[0] = 0; at[0] < out_batch[0]; ++at[0]) {
    for (at[1] = 0; at[1] < out_batch[1]; ++at[1]) {
      for (at[2] = 0; at[2] < out_batch[2]; ++at[2]) {
        const ptrdiff_t l = OperandBatch(p.lhs_batch, at);
        const ptrdiff_t r = OperandBatch(p.rhs_batch, at);
        const int8_t* input = lhs + l * lhs_matrix;
        const int8_t* filter = rhs + r * rhs_matrix;
        if (p.adj_x) {  // stored [accum, rows]
          if (l != lhs_done) Transpose(input, p.accum_depth, p.rows, lhs_copy);
          lhs_done = l;
          input = lhs_copy;
        }
        if (!p.adj_y) {  // stored [accum, cols]
          if (r != rhs_done) Transpose(filter, p.accum_depth, p.cols, rhs_copy);
          rhs_done = r;
          filter = rhs_copy;
        }
        if (as_convolution) {
          ARENASTORE_RETURN_IF_ERROR(
              conv.run(convolution, input, filter, nullptr, output, conv_scratch));
        } else {
          run_fc(fc, input, filter, output);
        }
        output += out_matrix;
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
