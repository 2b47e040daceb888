#include "kernels/ref/conv2d.h"

#include "kernels/ref/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "conv2d/ref";

// A pointwise conv that maps output pixel (y, x) onto input pixel (y, x) finds its whole window
// contiguous in the input, so it needs no im2col copy.
bool ReadsInputDirectly(const Conv2dParams& p) {
  return p.filter_h == 1 && p.filter_w == 1 && p.stride_h == 1 && p.stride_w == 1 &&
         p.dilation_h == 1 && p.dilation_w == 1 && p.pad_top == 0 && p.pad_left == 0 &&
         p.groups == 1 && p.output_h == p.input_h && p.output_w == p.input_w;
}

Status CheckConv2dParams(const Conv2dParams& p) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_OR_RETURN(sizes_ok, ErrorCode::kKernelInvalidParams,
                             "%s: negative dimension or empty filter", kName);
  ARENASTORE_CHECK_OR_RETURN(
      p.stride_h >= 1 && p.stride_w >= 1 && p.dilation_h >= 1 && p.dilation_w >= 1,
      ErrorCode::kKernelInvalidParams, "%s: stride %dx%d and dilation %dx%d must be at least 1",
      kName, p.stride_h, p.stride_w, p.dilation_h, p.dilation_w);
  ARENASTORE_CHECK_OR_RETURN(
      p.groups >= 1 && p.input_c % p.groups == 0 && p.output_c % p.groups == 0,
      ErrorCode::kKernelInvalidParams,
      "%s: %d groups do not divide %d input and %d output channels", kName, p.groups, p.input_c,
      p.output_c);
  ARENASTORE_CHECK_OR_RETURN(IsInt8ZeroPoint(p.input_zero_point), ErrorCode::kKernelInvalidParams,
                             "%s: input zero point %d is not an int8", kName, p.input_zero_point);
  ARENASTORE_RETURN_IF_ERROR(
      CheckOutputStage(p.output_zero_point, p.activation_min, p.activation_max, kName));
  return CheckRequantization(p.requant, p.output_c, /*per_tensor_allowed=*/false, kName);
}

// Copies the window of output pixel (out_y, out_x), channels of `group` only, into `row` in the
// filter's [filter_h, filter_w, channels] order. Taps in the padding get the input zero point,
// which contributes (zero_point - zero_point) * weight = 0, as TensorFlow Lite skipping them.
void FillIm2colRow(const Conv2dParams& p, const int8_t* image, int32_t out_y, int32_t out_x,
                   int32_t group, int8_t* row) {
  const int32_t group_c = p.input_c / p.groups;
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t origin_x = out_x * p.stride_w - p.pad_left;
  const auto padding = static_cast<int8_t>(p.input_zero_point);
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    const int32_t in_y = origin_y + fy * p.dilation_h;
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int32_t in_x = origin_x + fx * p.dilation_w;
      if (in_y < 0 || in_y >= p.input_h || in_x < 0 || in_x >= p.input_w) {
        for (int32_t c = 0; c < group_c; ++c) *row++ = padding;
        continue;
      }
      const int8_t* source =
          image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c + group * group_c;
      for (int32_t c = 0; c < group_c; ++c) *row++ = source[c];
    }
  }
}

int32_t DotWithOffset(const int8_t* values, int32_t offset, const int8_t* weights, int32_t count) {
  int32_t sum = 0;
  for (int32_t i = 0; i < count; ++i) sum += (values[i] + offset) * weights[i];
  return sum;
}

}  // namespace

size_t Conv2dScratchBytes(const Conv2dParams& params) {
  if (ReadsInputDirectly(params)) return 0;
  if (params.filter_h <= 0 || params.filter_w <= 0 || params.input_c <= 0 || params.groups <= 0) {
    return 0;
  }
  const size_t row_bytes = static_cast<size_t>(params.filter_h) *
                           static_cast<size_t>(params.filter_w) *
                           static_cast<size_t>(params.input_c / params.groups);
  return (row_bytes + 3) / 4 * 4;
}

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(params));
  const Conv2dParams& p = params;
  const bool direct = ReadsInputDirectly(p);
  const int32_t group_c = p.input_c / p.groups;
  const int32_t filters_per_group = p.output_c / p.groups;
  const int32_t row_elements = p.filter_h * p.filter_w * group_c;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  auto* im2col = reinterpret_cast<int8_t*>(scratch.data());
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x) {
        for (int32_t g = 0; g < p.groups; ++g) {
          const int8_t* row = im2col;
          if (direct) {
            row = image + (static_cast<ptrdiff_t>(out_y) * p.input_w + out_x) * p.input_c;
          } else {
            FillIm2colRow(p, image, out_y, out_x, g, im2col);
          }
          for (int32_t oc = g * filters_per_group; oc < (g + 1) * filters_per_group; ++oc) {
            int32_t acc =
                DotWithOffset(row, -p.input_zero_point,
                              filter + static_cast<ptrdiff_t>(oc) * row_elements, row_elements);
            if (bias != nullptr) acc += bias[oc];
            output[oc] = RequantizeToInt8(acc, p.requant.multipliers[oc], p.requant.shifts[oc],
                                          p.output_zero_point, p.activation_min, p.activation_max);
          }
        }
        output += p.output_c;
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
