#include "ops/average_pool2d/arm_dsp.h"

#include "kernels/arm_dsp/simd32.h"
#include "kernels/fixed_point.h"
#include "kernels/pool_window.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr const char* kName = "average_pool2d/arm_dsp";

// 256 int8 values sum to at most 32512 and at least -32768: a 16-bit lane holds the run.
constexpr int32_t kMaxRunPixels = 256;

// TensorFlow Lite rounds the mean half away from zero with integer division.
int32_t RoundedMean(int32_t sum, int32_t count) {
  return sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count;
}

// sums[c] += pixel c of `run` consecutive pixels starting at `first`, for every channel.
void AccumulateRun(const int8_t* first, int32_t run, int32_t channels, int32_t* sums) {
  int32_t c = 0;
  for (; c + 4 <= channels; c += 4) {
    uint32_t even = 0;  // channels c and c + 2
    uint32_t odd = 0;   // channels c + 1 and c + 3
    const int8_t* pixel = first + c;
    for (int32_t x = 0; x < run; ++x, pixel += channels) {
      const uint32_t word = LoadWord(pixel);
      even = Sxtab16(even, word);
      odd = Sxtab16(odd, RotateRight8(word));
    }
    sums[c] += LowLane(even);
    sums[c + 1] += LowLane(odd);
    sums[c + 2] += HighLane(even);
    sums[c + 3] += HighLane(odd);
  }
  for (; c < channels; ++c) {
    const int8_t* pixel = first + c;
    for (int32_t x = 0; x < run; ++x, pixel += channels) sums[c] += *pixel;
  }
}

void SumWindow(const Pool2dParams& p, const int8_t* image, const ref::PoolWindow& window,
               int32_t* sums) {
  for (int32_t c = 0; c < p.channels; ++c) sums[c] = 0;
  for (int32_t y = window.y_begin; y < window.y_end; ++y) {
    for (int32_t x = window.x_begin; x < window.x_end; x += kMaxRunPixels) {
      const int32_t run = ref::MinOf(kMaxRunPixels, window.x_end - x);
      const int8_t* first = image + (static_cast<ptrdiff_t>(y) * p.input_w + x) * p.channels;
      AccumulateRun(first, run, p.channels, sums);
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
  ARENASTORE_RETURN_IF_ERROR(ref::CheckInt32Aligned(scratch.data(), kName));
  auto* sums = reinterpret_cast<int32_t*>(scratch.data());
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
        SumWindow(params, image, window, sums);
        for (int32_t c = 0; c < params.channels; ++c) {
          *output++ = static_cast<int8_t>(
              Clamp(RoundedMean(sums[c], count), params.activation_min, params.activation_max));
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_dsp
