// WalkRingRows: the walk of a convolution's output rows over a ring of padded input rows
// (conv_window.h, depthwise_window.h) that conv2d's x86_avx2 and depthwise_conv2d's kernel files
// share: each padded row is filled once, when the first output row whose window reads it comes.
// Header-only templates over each kernel file's own lambdas, so every file instantiates its own
// copy with its ISA's flags. Freestanding, never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

namespace arenastore::kernels::x86 {

// For each batch image and output row (p: checked conv2d or depthwise_conv2d params): fill_row(
// image, input_y, slot) for each padded row the row's window reads that no earlier row of the
// image filled (input_y = padded row - pad_top, possibly outside the image; slot = padded row mod
// ring_rows), then run_row(first, out): `first` the row's first padded row, `out` its NHWC output.
template <typename Params, typename FillRow, typename RunRow>
void WalkRingRows(const Params& p, const int8_t* input, int8_t* output, int32_t ring_rows,
                  FillRow fill_row, RunRow run_row) {
  const ptrdiff_t image_bytes = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t out_row_bytes = static_cast<ptrdiff_t>(p.output_w) * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_bytes;
    int8_t* out = output + b * out_row_bytes * p.output_h;
    int32_t filled = 0;
    for (int32_t oy = 0; oy < p.output_h; ++oy, out += out_row_bytes) {
      const int32_t first = oy * p.stride_h;
      const int32_t end = first + ring_rows;
      for (int32_t r = first > filled ? first : filled; r < end; ++r) {
        fill_row(image, r - p.pad_top, r % ring_rows);
      }
      filled = end;
      run_row(first, out);
    }
  }
}

}  // namespace arenastore::kernels::x86
