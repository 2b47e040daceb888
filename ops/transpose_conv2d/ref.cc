#include "ops/transpose_conv2d/ref.h"

#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "transpose_conv2d/ref";

// One kernel for both widths: T is the activation (int8, or int16 for 16x8) and Acc the
// accumulator and bias (int32, or int64 for 16x8). An int16 zero point is 0 (checked), so the
// offset form serves both.
template <typename Acc, typename T>
Acc DotWithOffset(const T* values, int32_t offset, const int8_t* weights, int32_t count) {
  WrappingSum<Acc> sum;
  for (int32_t i = 0; i < count; ++i) sum.Add((values[i] + offset) * weights[i]);
  return sum.value();
}

// Adds input pixel (in_y, in_x)'s contribution to every output pixel its filter window covers;
// taps that land outside the output (in the padding) are dropped, as TensorFlow Lite does.
template <typename Acc, typename T>
void ScatterPixel(const TransposeConv2dParams& p, const T* pixel, const int8_t* filter,
                  int32_t in_y, int32_t in_x, Acc* acc) {
  const int32_t origin_y = in_y * p.stride_h - p.pad_top;
  const int32_t origin_x = in_x * p.stride_w - p.pad_left;
  const ptrdiff_t filter_channel_stride =
      static_cast<ptrdiff_t>(p.filter_h) * p.filter_w * p.input_c;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    const int32_t out_y = origin_y + fy;
    if (out_y < 0 || out_y >= p.output_h) continue;
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int32_t out_x = origin_x + fx;
      if (out_x < 0 || out_x >= p.output_w) continue;
      Acc* out_acc = acc + (static_cast<ptrdiff_t>(out_y) * p.output_w + out_x) * p.output_c;
      const int8_t* taps = filter + (static_cast<ptrdiff_t>(fy) * p.filter_w + fx) * p.input_c;
      for (int32_t oc = 0; oc < p.output_c; ++oc) {
        out_acc[oc] = WrappingAdd(out_acc[oc],
                                  DotWithOffset<Acc>(pixel, -p.input_zero_point,
                                                     taps + oc * filter_channel_stride, p.input_c));
      }
    }
  }
}

// Scatters then requantizes batch after batch; `acc_batch_stride` is where the next batch's
// accumulators start: 0 (int8: one batch's reused) or one output image (16x8: each its own, as
// TensorFlow Lite Micro lays out its scratch).
template <typename Acc, typename T>
void TransposeConvolveAll(const TransposeConv2dParams& p, const T* input, const int8_t* filter,
                          const Acc* bias, T* output, Acc* acc, ptrdiff_t acc_batch_stride) {
  const ptrdiff_t out_pixels = static_cast<ptrdiff_t>(p.output_h) * p.output_w;
  for (int32_t b = 0; b < p.batches; ++b, acc += acc_batch_stride) {
    for (ptrdiff_t i = 0; i < out_pixels * p.output_c; ++i) acc[i] = 0;
    for (int32_t in_y = 0; in_y < p.input_h; ++in_y) {
      for (int32_t in_x = 0; in_x < p.input_w; ++in_x) {
        const T* pixel = input + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
        ScatterPixel(p, pixel, filter, in_y, in_x, acc);
      }
    }
    input += static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
    for (ptrdiff_t pixel = 0; pixel < out_pixels; ++pixel) {
      for (int32_t oc = 0; oc < p.output_c; ++oc) {
        const Acc sum = WrappingAdd(acc[pixel * p.output_c + oc], bias != nullptr ? bias[oc] : 0);
        *output++ = RequantizeTo<T>(sum, p.requant.multipliers[oc], p.requant.shifts[oc],
                                    p.output_zero_point, p.activation_min, p.activation_max);
      }
    }
  }
}

// Elements of one batch's output; 0 when any dimension is not positive.
size_t OutputImageElements(const TransposeConv2dParams& p) {
  if (p.output_h <= 0 || p.output_w <= 0 || p.output_c <= 0) return 0;
  return static_cast<size_t>(p.output_h) * static_cast<size_t>(p.output_w) *
         static_cast<size_t>(p.output_c);
}

}  // namespace

size_t TransposeConv2dScratchBytes(const TransposeConv2dParams& params) {
  return sizeof(int32_t) * OutputImageElements(params);
}

Status TransposeConv2d(const TransposeConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), TransposeConv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckTransposeConv2dParams(params, kName));
  if (TransposeConv2dScratchBytes(params) == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckInt32Aligned(scratch.data(), kName));
  TransposeConvolveAll(params, input, filter, bias, output,
                       reinterpret_cast<int32_t*>(scratch.data()), /*acc_batch_stride=*/0);
  return Status::Ok();
}

size_t TransposeConv2dInt16ScratchBytes(const TransposeConv2dParams& params) {
  if (params.batches <= 0) return 0;
  return sizeof(int64_t) * static_cast<size_t>(params.batches) * OutputImageElements(params);
}

Status TransposeConv2dInt16(const TransposeConv2dParams& params, const int16_t* input,
                            const int8_t* filter, const int64_t* bias, int16_t* output,
                            std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), TransposeConv2dInt16ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckTransposeConv2dParams(params, kName, KernelDtype::kInt16));
  if (TransposeConv2dInt16ScratchBytes(params) == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckInt64Aligned(scratch.data(), kName));
  TransposeConvolveAll(params, input, filter, bias, output,
                       reinterpret_cast<int64_t*>(scratch.data()),
                       static_cast<ptrdiff_t>(OutputImageElements(params)));
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
