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

void AccumulateWindow(const Pool2dParams& params, const int8_t* image, const PoolWindow& window,
                      int32_t* sums) {
  const int32_t channels = params.channels;
  for (int32_t c = 0; c < channels; ++c) sums[c] = 0;
  for (int32_t y = window.y_begin; y < window.y_end; ++y) {
    for (int32_t x = window.x_begin; x < window.x_end; ++x) {
      const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * params.input_w + x) * channels;
      for (int32_t c = 0; c < channels; ++c) sums[c] += pixel[c];
    }
  }
}

}  // namespace

size_t AveragePool2dScratchBytes(const Pool2dParams& params) {
  return params.channels > 0 ? sizeof(int32_t) * static_cast<size_t>(params.channels) : 0;
}

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AveragePool2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckAveragePool2dParams(params, kName));
  if (params.channels == 0) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(reinterpret_cast<uintptr_t>(scratch.data()) % alignof(int32_t) == 0,
                             ErrorCode::kKernelInvalidParams, "%s: scratch is not %zu-byte aligned",
                             kName, alignof(int32_t));
  int32_t* sums = reinterpret_cast<int32_t*>(scratch.data());
  const ptrdiff_t image_elements =
      static_cast<ptrdiff_t>(params.input_h) * params.input_w * params.channels;
  for (int32_t b = 0; b < params.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    for (int32_t out_y = 0; out_y < params.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < params.output_w; ++out_x) {
        const PoolWindow window = PoolWindowAt(params, out_y, out_x);
        const int32_t count = window.Count();
        ARENASTORE_CHECK_OR_RETURN(count > 0, ErrorCode::kKernelInvalidParams,
                                   "%s: the window of output (%d, %d) lies entirely in padding",
                                   kName, out_y, out_x);
        AccumulateWindow(params, image, window, sums);
        for (int32_t c = 0; c < params.channels; ++c) {
          *output++ = static_cast<int8_t>(
              Clamp(RoundedMean(sums[c], count), params.activation_min, params.activation_max));
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
