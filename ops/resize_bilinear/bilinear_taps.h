// The four input pixels an int8 RESIZE_BILINEAR output pixel blends and their weights, computed
// as TensorFlow Lite Micro's ResizeBilinearInteger does (coordinates in 2^-10 pixel, weights
// summing to 2^20, the sum rounded half away from zero and narrowed by a plain cast), and the
// walk over output pixels. Shared by every resize_bilinear variant (ref.cc, x86_*_kernel.cc) so
// they agree bit for bit. Freestanding, header-only, never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ops/resize_bilinear/resize_bilinear.h"

namespace arenastore::kernels::bilinear {

inline constexpr int32_t kOne = 1 << 10;  // one pixel in the coordinates' fixed point

// The input-to-output scale in units of 2^-10, rounded.
inline int32_t Scale(int32_t input_size, int32_t output_size, bool align_corners) {
  if (align_corners && output_size > 1) {
    return (kOne * (input_size - 1) + (output_size - 1) / 2) / (output_size - 1);
  }
  return (kOne * input_size + output_size / 2) / output_size;
}

// One output row or column's source: the coordinate (may be negative with half_pixel_centers,
// which makes a weight negative, as in the reference) and the two neighbours, with C++'s
// truncating division as the reference.
struct Source {
  int32_t coordinate, lower, upper;
};

inline Source SourceOf(int32_t out, int32_t scale, bool half_pixel_centers, int32_t input_size) {
  Source s;
  s.coordinate = half_pixel_centers ? out * scale + scale / 2 - kOne / 2 : out * scale;
  s.lower = s.coordinate / kOne > 0 ? s.coordinate / kOne : 0;
  const int32_t upper = (s.coordinate + kOne - 1) / kOne;
  s.upper = upper < input_size - 1 ? upper : input_size - 1;
  return s;
}

// One output pixel's neighbours (element offsets of their first channel in the image), in the
// order (lower y, lower x), (upper y, lower x), (lower y, upper x), (upper y, upper x), and their
// weights. The weights' magnitudes sum to at most 2^22, so a blend of int8s fits int32.
struct Taps {
  ptrdiff_t offset[4];
  int32_t weight[4];
};

// Channel c of the blend, narrowed as the reference narrows it.
inline int8_t Blend(const Taps& t, const int8_t* image, ptrdiff_t c) {
  const int32_t sum = image[t.offset[0] + c] * t.weight[0] + image[t.offset[1] + c] * t.weight[1] +
                      image[t.offset[2] + c] * t.weight[2] + image[t.offset[3] + c] * t.weight[3];
  const int32_t round = sum > 0 ? (1 << 19) : -(1 << 19);
  return static_cast<int8_t>((sum + round) / (1 << 20));
}

// Calls blend_pixel(taps, image, output_pixel) for every output pixel in row-major order;
// `params` are checked (CheckResizeBilinearParams).
template <typename BlendPixel>
void ForEachOutputPixel(const ResizeBilinearParams& params, const int8_t* input, int8_t* output,
                        BlendPixel&& blend_pixel) {
  const bool align = params.align_corners != 0;
  const bool half = params.half_pixel_centers != 0;
  const int32_t scale_y = Scale(params.input_h, params.output_h, align);
  const int32_t scale_x = Scale(params.input_w, params.output_w, align);
  const ptrdiff_t pixel = params.channels;
  const ptrdiff_t row = pixel * params.input_w;
  for (int32_t b = 0; b < params.batches; ++b) {
    const int8_t* image = input + b * row * params.input_h;
    for (int32_t y = 0; y < params.output_h; ++y) {
      const Source sy = SourceOf(y, scale_y, half, params.input_h);
      const int32_t dy = sy.coordinate - kOne * sy.lower;  // weight of the upper row
      for (int32_t x = 0; x < params.output_w; ++x) {
        const Source sx = SourceOf(x, scale_x, half, params.input_w);
        const int32_t dx = sx.coordinate - kOne * sx.lower;  // weight of the upper column
        const Taps taps = {
            {sy.lower * row + sx.lower * pixel, sy.upper * row + sx.lower * pixel,
             sy.lower * row + sx.upper * pixel, sy.upper * row + sx.upper * pixel},
            {(kOne - dy) * (kOne - dx), dy * (kOne - dx), (kOne - dy) * dx, dy * dx}};
        blend_pixel(taps, image, output);
        output += pixel;
      }
    }
  }
}

}  // namespace arenastore::kernels::bilinear
