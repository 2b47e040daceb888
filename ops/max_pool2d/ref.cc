#include "ops/max_pool2d/ref.h"

#include <limits>

#include "kernels/fixed_point.h"
#include "kernels/pool_window.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "max_pool2d/ref";

// Writes the window's maximum per channel into `out` (one output pixel), before clamping; an
// empty window leaves the type's lowest value, as TFLM's reference does.
template <typename T>
void MaxOfWindow(const Pool2dParams& params, const T* image, const PoolWindow& window, T* out) {
  const int32_t channels = params.channels;
  for (int32_t c = 0; c < channels; ++c) out[c] = std::numeric_limits<T>::lowest();
  for (int32_t y = window.y_begin; y < window.y_end; ++y) {
    for (int32_t x = window.x_begin; x < window.x_end; ++x) {
      const T* pixel = image + (static_cast<ptrdiff_t>(y) * params.input_w + x) * channels;
      for (int32_t c = 0; c < channels; ++c) {
        if (pixel[c] > out[c]) out[c] = pixel[c];
      }
    }
  }
}

// One loop for both widths: T is the element (int8 or int16), compared raw.
template <typename T>
Status MaxPool2dOf(const Pool2dParams& params, const T* input, T* output,
                   std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), MaxPool2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckMaxPool2dParams(params, kName));
  const ptrdiff_t image_elements =
      static_cast<ptrdiff_t>(params.input_h) * params.input_w * params.channels;
  for (int32_t b = 0; b < params.batches; ++b) {
    const T* image = input + b * image_elements;
    for (int32_t out_y = 0; out_y < params.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < params.output_w; ++out_x) {
        MaxOfWindow(params, image, PoolWindowAt(params, out_y, out_x), output);
        for (int32_t c = 0; c < params.channels; ++c) {
          output[c] =
              static_cast<T>(Clamp(output[c], params.activation_min, params.activation_max));
        }
        output += params.channels;
      }
    }
  }
  return Status::Ok();
}

}  // namespace

size_t MaxPool2dScratchBytes(const Pool2dParams&) { return 0; }

Status MaxPool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  return MaxPool2dOf(params, input, output, scratch);
}

Status MaxPool2dInt16(const Pool2dParams& params, const int16_t* input, int16_t* output,
                      std::span<uint8_t> scratch) {
  return MaxPool2dOf(params, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
