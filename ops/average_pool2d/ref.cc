#include "ops/average_pool2d/ref.h"

#include "kernels/fixed_point.h"
#include "kernels/pool_window.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "average_pool2d/ref";

// TensorFlow Lite rounds the mean half away from zero with integer division.
int32_t RoundedMean(int32_t sum, int32_t count) {
  return sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
}

// The sum of channel `c` over the window, read straight from the image as TensorFlow Lite
// Micro's reference does: no per-channel accumulators, so no scratch.
template <typename T>
int32_t WindowSum(const Pool2dParams& params, const T* image, const PoolWindow& window, int32_t c) {
  int32_t sum = 0;
  for (int32_t y = window.y_begin; y < window.y_end; ++y) {
    const T* row = image + static_cast<ptrdiff_t>(y) * params.input_w * params.channels;
    for (int32_t x = window.x_begin; x < window.x_end; ++x) {
      sum = WrappingAdd(sum, row[static_cast<ptrdiff_t>(x) * params.channels + c]);
    }
  }
  return sum;
}

// One loop for both widths: T is the element (int8 or int16). The int32 window sum is exact up
// to 65,536 int16 elements per window; beyond, it wraps as TFLM's int32 adds do on hardware.
template <typename T>
Status AveragePool2dOf(const Pool2dParams& params, const T* input, T* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AveragePool2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckAveragePool2dParams(params, kName));
  const ptrdiff_t image_elements =
      static_cast<ptrdiff_t>(params.input_h) * params.input_w * params.channels;
  for (int32_t b = 0; b < params.batches; ++b) {
    const T* image = input + b * image_elements;
    for (int32_t out_y = 0; out_y < params.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < params.output_w; ++out_x) {
        const PoolWindow window = PoolWindowAt(params, out_y, out_x);
        const int32_t count = window.Count();
        ARENASTORE_CHECK_OR_RETURN(count > 0, ErrorCode::kKernelInvalidParams,
                                   "%s: the window of output (%d, %d) lies entirely in padding",
                                   kName, out_y, out_x);
        for (int32_t c = 0; c < params.channels; ++c) {
          *output++ = static_cast<T>(Clamp(RoundedMean(WindowSum(params, image, window, c), count),
                                           params.activation_min, params.activation_max));
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace

size_t AveragePool2dScratchBytes(const Pool2dParams&) { return 0; }

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch) {
  return AveragePool2dOf(params, input, output, scratch);
}

Status AveragePool2dInt16(const Pool2dParams& params, const int16_t* input, int16_t* output,
                          std::span<uint8_t> scratch) {
  return AveragePool2dOf(params, input, output, scratch);
}

}  // namespace arenastore::kernels::ref
