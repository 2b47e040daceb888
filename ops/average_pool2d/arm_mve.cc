#include "ops/average_pool2d/arm_mve.h"

#include "kernels/arm_mve/helium.h"
#include "kernels/fixed_point.h"
#include "kernels/pool_window.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_mve {
namespace {

constexpr const char* kName = "average_pool2d/arm_mve";

// TensorFlow Lite rounds the mean half away from zero with integer division.
int32_t RoundedMean(int32_t sum, int32_t count) {
  return sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
}

void PoolPixel(const Pool2dParams& p, const int8_t* image, const ref::PoolWindow& window,
               int32_t count, int8_t* output) {
  for (int32_t c = 0; c < p.channels; c += kInt32Lanes) {
    const int32_t lanes = p.channels - c < kInt32Lanes ? p.channels - c : kInt32Lanes;
    Int32x4 sum = Splat(0);
    for (int32_t y = window.y_begin; y < window.y_end; ++y) {
      const int8_t* pixel =
          image + (static_cast<ptrdiff_t>(y) * p.input_w + window.x_begin) * p.channels + c;
      for (int32_t x = window.x_begin; x < window.x_end; ++x, pixel += p.channels) {
        sum = Add(sum, LoadS8(pixel, lanes));
      }
    }
    int32_t sums[kInt32Lanes];
    Store(sums, sum);
    for (int32_t k = 0; k < lanes; ++k) {
      output[c + k] = static_cast<int8_t>(
          kernels::Clamp(RoundedMean(sums[k], count), p.activation_min, p.activation_max));
    }
  }
}

}  // namespace

size_t AveragePool2dScratchBytes(const Pool2dParams&) { return 0; }

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AveragePool2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckAveragePool2dParams(params, kName));
  if (params.channels == 0) return Status::Ok();
  const ptrdiff_t image_elements =
      static_cast<ptrdiff_t>(params.input_h) * params.input_w * params.channels;
  for (int32_t b = 0; b < params.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    for (int32_t out_y = 0; out_y < params.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < params.output_w; ++out_x) {
        const ref::PoolWindow window = ref::PoolWindowAt(params, out_y, out_x);
        const int32_t count = window.Count();
        ARENASTORE_CHECK_OR_RETURN(count > 0, ErrorCode::kKernelInvalidParams,
                                   "%s: the window of output (%d, %d) lies entirely in padding",
                                   kName, out_y, out_x);
        PoolPixel(params, image, window, count, output);
        output += params.channels;
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_mve
