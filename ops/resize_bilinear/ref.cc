#include "ops/resize_bilinear/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "resize_bilinear/ref";
constexpr int32_t kOne = 1 << 10;  // one pixel in the coordinates' fixed point

// The input-to-output scale in units of 2^-10, rounded, as TensorFlow Lite's
// ResizeBilinearInteger.
int32_t Scale(int32_t input_size, int32_t output_size, bool align_corners) {
  if (align_corners && output_size > 1) {
    return (kOne * (input_size - 1) + (output_size - 1) / 2) / (output_size - 1);
  }
  return (kOne * input_size + output_size / 2) / output_size;
}

// One output row or column's source: the coordinate (2^-10 pixel, may be negative with
// half_pixel_centers) and the two neighbours, with C++'s truncating division as the reference.
struct Source {
  int32_t coordinate, lower, upper;
};

Source SourceOf(int32_t out, int32_t scale, bool half_pixel_centers, int32_t input_size) {
  Source s;
  s.coordinate = half_pixel_centers ? out * scale + scale / 2 - kOne / 2 : out * scale;
  s.lower = s.coordinate / kOne > 0 ? s.coordinate / kOne : 0;
  const int32_t upper = (s.coordinate + kOne - 1) / kOne;
  s.upper = upper < input_size - 1 ? upper : input_size - 1;
  return s;
}

}  // namespace

size_t ResizeBilinearScratchBytes(const ResizeBilinearParams&) { return 0; }

Status ResizeBilinear(const ResizeBilinearParams& params, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ResizeBilinearScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckResizeBilinearParams(params, kName));
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
      const int64_t dy = sy.coordinate - kOne * sy.lower;  // weight of the upper row
      for (int32_t x = 0; x < params.output_w; ++x) {
        const Source sx = SourceOf(x, scale_x, half, params.input_w);
        const int64_t dx = sx.coordinate - kOne * sx.lower;  // weight of the upper column
        const int8_t* p00 = image + sy.lower * row + sx.lower * pixel;
        const int8_t* p10 = image + sy.upper * row + sx.lower * pixel;
        const int8_t* p01 = image + sy.lower * row + sx.upper * pixel;
        const int8_t* p11 = image + sy.upper * row + sx.upper * pixel;
        for (ptrdiff_t c = 0; c < pixel; ++c) {
          // Q20 sum of the four weighted neighbours, rounded half away from zero.
          const int64_t sum = p00[c] * (kOne - dy) * (kOne - dx) + p10[c] * dy * (kOne - dx) +
                              p01[c] * (kOne - dy) * dx + p11[c] * dy * dx;
          const int64_t round = sum > 0 ? (1 << 19) : -(1 << 19);
          *output++ = static_cast<int8_t>((sum + round) / (1 << 20));
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
