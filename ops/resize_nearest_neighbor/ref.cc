#include "ops/resize_nearest_neighbor/ref.h"

#include <cstring>

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "resize_nearest_neighbor/ref";

// std::round for a non-negative float (halves away from zero), without libm: v - trunc(v) is
// exact for floats in int32 range.
int32_t RoundNonNegative(float value) {
  const int32_t whole = static_cast<int32_t>(value);
  return value - static_cast<float>(whole) >= 0.5f ? whole + 1 : whole;
}

// The input row or column TensorFlow Lite Micro's GetNearestNeighbor picks for output index
// `out`, in its float arithmetic: the scale and the scaled coordinate are single floats, rounded
// with align_corners and floored otherwise (the coordinate is never negative).
int32_t NearestIndex(int32_t out, int32_t input_size, int32_t output_size, bool align_corners,
                     bool half_pixel_centers) {
  const float scale = align_corners && output_size > 1
                          ? static_cast<float>(input_size - 1) / static_cast<float>(output_size - 1)
                          : static_cast<float>(input_size) / static_cast<float>(output_size);
  const float offset = half_pixel_centers ? 0.5f : 0.0f;
  const float coordinate = (static_cast<float>(out) + offset) * scale;
  const int32_t index =
      align_corners ? RoundNonNegative(coordinate) : static_cast<int32_t>(coordinate);
  return index < input_size - 1 ? index : input_size - 1;
}

// One loop nest for both widths: T is the element (int8 or int16), a pixel `channels` of them.
template <typename T>
Status ResizeNearestNeighborOf(const ResizeNearestNeighborParams& params, const T* input, T* output,
                               std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ResizeNearestNeighborScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckResizeNearestNeighborParams(params, kName));
  const bool align = params.align_corners != 0;
  const bool half = params.half_pixel_centers != 0;
  const size_t pixel_elements = static_cast<size_t>(params.channels);
  const size_t row_elements = pixel_elements * static_cast<size_t>(params.input_w);
  const size_t image_elements = row_elements * static_cast<size_t>(params.input_h);
  for (int32_t b = 0; b < params.batches; ++b) {
    const T* image = input + static_cast<size_t>(b) * image_elements;
    for (int32_t y = 0; y < params.output_h; ++y) {
      const int32_t in_y = NearestIndex(y, params.input_h, params.output_h, align, half);
      const T* row = image + static_cast<size_t>(in_y) * row_elements;
      for (int32_t x = 0; x < params.output_w; ++x) {
        const int32_t in_x = NearestIndex(x, params.input_w, params.output_w, align, half);
        // memmove: a hostile artifact may overlap input and output; never undefined.
        std::memmove(output, row + static_cast<size_t>(in_x) * pixel_elements,
                     pixel_elements * sizeof(T));
        output += pixel_elements;
      }
    }
  }
  return Status::Ok();
}

}  // namespace

size_t ResizeNearestNeighborScratchBytes(const ResizeNearestNeighborParams&) { return 0; }

Status ResizeNearestNeighbor(const ResizeNearestNeighborParams& params, const int8_t* input,
                             int8_t* output, std::span<uint8_t> scratch) {
  return ResizeNearestNeighborOf(params, input, output, scratch);
}

Status ResizeNearestNeighborInt16(const ResizeNearestNeighborParams& params, const int16_t* input,
                                  int16_t* output, std::span<uint8_t> scratch) {
  return ResizeNearestNeighborOf(params, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
