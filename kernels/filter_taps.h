// FilterTaps: the filter taps along one dimension whose (strided, dilated) input position lies
// inside the input, for one output position; FilterWindow, both dimensions of one output pixel;
// ForEachFilterWindow, the walk over every output pixel (NHWC). Used by the ref conv2d and
// depthwise_conv2d kernels so they skip padded taps once per output pixel instead of testing every
// tap for every channel, which is what lets them read the input directly and need no scratch.
// Header-only, freestanding, allocation-free; never fails (an empty range when no tap is inside).
#pragma once

#include <cstddef>
#include <cstdint>

namespace arenastore::kernels::ref {

struct FilterTaps {
  int32_t begin, end;  // taps [begin, end), each reading origin + tap * dilation

  bool Empty() const { return begin >= end; }
};

// Taps k in [0, filter_size) with 0 <= origin + k * dilation < input_size; dilation >= 1,
// filter_size >= 0. Unsigned 32-bit arithmetic holds every intermediate of validated (even
// extreme) int32 geometry, and keeps a Cortex-M on its hardware divider: the 64-bit divisions
// this once did are software calls there, per output pixel.
inline FilterTaps FilterTapsInside(int32_t origin, int32_t dilation, int32_t filter_size,
                                   int32_t input_size) {
  const auto step = static_cast<uint32_t>(dilation);
  const auto size = static_cast<uint32_t>(filter_size);
  // Taps before the input: ceil(-origin / step) when origin < 0 (-origin + step - 1 < 2^32).
  const uint32_t first = origin >= 0 ? 0u : (0u - static_cast<uint32_t>(origin) + step - 1u) / step;
  // Taps up to the input's end: ceil((input_size - origin) / step) when that is positive.
  const int64_t room = int64_t{input_size} - origin;  // in (-2^32, 2^32)
  const uint32_t last = room > 0 ? (static_cast<uint32_t>(room) - 1u) / step + 1u : 0u;
  const uint32_t begin = first < size ? first : size;
  const uint32_t end = last < size ? last : size;
  return {static_cast<int32_t>(begin), static_cast<int32_t>(end > begin ? end : begin)};
}

// The in-bounds part of one output pixel's filter window, found once per pixel so the channel
// loops carry no bounds tests; padded taps are skipped, as TensorFlow Lite does.
struct FilterWindow {
  int32_t origin_y, origin_x;  // input position of tap (0, 0), possibly in the padding
  FilterTaps ys, xs;
};

// Params: any conv geometry (stride_h/w, pad_top/left, dilation_h/w, filter_h/w, input_h/w).
template <typename Params>
FilterWindow FilterWindowAt(const Params& p, int32_t out_y, int32_t out_x) {
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t origin_x = out_x * p.stride_w - p.pad_left;
  return {origin_y, origin_x, FilterTapsInside(origin_y, p.dilation_h, p.filter_h, p.input_h),
          FilterTapsInside(origin_x, p.dilation_w, p.filter_w, p.input_w)};
}

// Calls pixel(window, image, out) for every output pixel in order (batch, then row, then
// column): `image` the pixel's batch of the NHWC input, `out` its output_c outputs.
template <typename Params, typename T, typename Pixel>
void ForEachFilterWindow(const Params& p, const T* input, T* output, Pixel&& pixel) {
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const T* image = input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x) {
        pixel(FilterWindowAt(p, out_y, out_x), image, output);
        output += p.output_c;
      }
    }
  }
}

}  // namespace arenastore::kernels::ref
