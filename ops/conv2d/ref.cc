#include "ops/conv2d/ref.h"

#include "kernels/exec_form.h"
#include "kernels/filter_taps.h"
#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "conv2d/ref";

// One kernel for both widths: T is the activation (int8, or int16 for 16x8) and Acc the
// accumulator and bias (int32, or int64 for a 16x8 conv with an int64 bias). An int16 zero point
// is 0 (checked), so the offset form serves both.
template <typename Acc, typename T>
void DotWithOffset(const T* values, int32_t offset, const int8_t* weights, int32_t count,
                   WrappingSum<Acc>& sum) {
  // Unrolled: on a Cortex-M3 (ref is all it has) the loop test was a third of each tap's cost.
#pragma GCC unroll 4
  for (int32_t i = 0; i < count; ++i) sum.Add((values[i] + offset) * weights[i]);
}

// Sum over the window's in-bounds taps of (input - zero point) * weight for one output channel.
// `group_image` points at the group's first channel of pixel (0, 0); `weights` at the channel's
// [filter_h, filter_w, group_c] filter. Padded taps are skipped, as TensorFlow Lite does. With
// one group and no horizontal dilation a filter row's in-bounds taps are one contiguous run in
// both input and filter, so each row is a single dot product (long even when group_c is 1).
template <typename Acc, typename T>
Acc WindowDot(const Conv2dParams& p, const FilterWindow& w, const T* group_image,
              const int8_t* weights, int32_t group_c) {
  const bool rows_contiguous = p.dilation_w == 1 && group_c == p.input_c;
  const int32_t run_taps = rows_contiguous ? w.xs.end - w.xs.begin : 1;
  WrappingSum<Acc> acc;
  for (int32_t fy = w.ys.begin; fy < w.ys.end; ++fy) {
    const int32_t in_y = w.origin_y + fy * p.dilation_h;
    for (int32_t fx = w.xs.begin; fx < w.xs.end; fx += run_taps) {
      const int32_t in_x = w.origin_x + fx * p.dilation_w;
      const T* pixel = group_image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
      const int8_t* taps = weights + (static_cast<ptrdiff_t>(fy) * p.filter_w + fx) * group_c;
      DotWithOffset(pixel, -p.input_zero_point, taps, run_taps * group_c, acc);
    }
  }
  return acc.value();
}

// Computes all output channels of one output pixel; `dot(group_offset, weights, group_c)` sums
// the window of one output channel, its group starting `group_offset` channels into a pixel.
template <typename Acc, typename T, typename Dot>
void ConvolvePixelWith(const Conv2dParams& p, const int8_t* filter, const Acc* bias, T* output,
                       Dot&& dot) {
  const int32_t group_c = p.input_c / p.groups;
  const int32_t filters_per_group = p.output_c / p.groups;
  const ptrdiff_t filter_elements = static_cast<ptrdiff_t>(p.filter_h) * p.filter_w * group_c;
  for (int32_t oc = 0; oc < p.output_c; ++oc) {
    Acc acc = dot((oc / filters_per_group) * group_c, filter + oc * filter_elements, group_c);
    if (bias != nullptr) acc = WrappingAdd(acc, bias[oc]);
    output[oc] = RequantizeTo<T>(acc, p.requant.multipliers[oc], p.requant.shifts[oc],
                                 p.output_zero_point, p.activation_min, p.activation_max);
  }
}

template <typename Acc, typename T>
void ConvolvePixel(const Conv2dParams& p, const FilterWindow& w, const T* image,
                   const int8_t* filter, const Acc* bias, T* output) {
  ConvolvePixelWith(p, filter, bias, output,
                    [&](int32_t group_offset, const int8_t* weights, int32_t group_c) {
                      return WindowDot<Acc>(p, w, image + group_offset, weights, group_c);
                    });
}

// One output pixel whose input rows are wherever `row_at(y)` says (in place or a saved copy):
// the window's sum taken one filter row at a time (wrapping sums: the same value in any order).
template <typename RowAt>
void ConvolvePixelOverRows(const Conv2dParams& p, const FilterWindow& w, RowAt&& row_at,
                           const int8_t* filter, const int32_t* bias, int8_t* output) {
  ConvolvePixelWith(
      p, filter, bias, output, [&](int32_t group_offset, const int8_t* weights, int32_t group_c) {
        // One group, no horizontal dilation: a filter row's in-bounds taps are one
        // run in the input row and in the filter, as in WindowDot.
        const bool runs = p.dilation_w == 1 && group_c == p.input_c;
        const int32_t run = (w.xs.end - w.xs.begin) * group_c;
        WrappingSum<int32_t> acc;
        for (int32_t fy = w.ys.begin; fy < w.ys.end; ++fy) {
          const int8_t* image = row_at(w.origin_y + fy * p.dilation_h) + group_offset;
          if (runs) {
            DotWithOffset(image + (w.origin_x + w.xs.begin) * p.input_c, -p.input_zero_point,
                          weights + (fy * p.filter_w + w.xs.begin) * group_c, run, acc);
            continue;
          }
          // This filter row alone, as a window whose tap row lands on row 0 of a
          // one-row image.
          const FilterWindow row{-fy * p.dilation_h, w.origin_x, {fy, fy + 1}, w.xs};
          acc.Add(WindowDot<int32_t>(p, row, image, weights, group_c));
        }
        return acc.value();
      });
}

template <typename Acc, typename T>
void ConvolveAll(const Conv2dParams& p, const T* input, const int8_t* filter, const Acc* bias,
                 T* output) {
  ForEachFilterWindow(p, input, output, [&](const FilterWindow& w, const T* image, T* out) {
    ConvolvePixel(p, w, image, filter, bias, out);
  });
}

}  // namespace

// Every tap is read straight from the input (TensorFlow Lite Micro's reference conv needs no
// scratch either, so an im2col row here would make our plans larger than its arena).
size_t Conv2dScratchBytes(const Conv2dParams& /*params*/) { return 0; }

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(params, kName));
  ConvolveAll(params, input, filter, bias, output);
  return Status::Ok();
}

namespace {

// Row by row, any filter: one image, no more output bytes than input bytes (the output starts at
// the input's first byte), and no more bytes per output row than per `stride_h` input rows.
// Lowered dims multiply within one tensor's element count (under 2^31), so the products are
// 32-bit and the stride test divides: the gate-only image pays for every instruction here.
bool OverRowsApplies(const Conv2dParams& p) {
  const uint32_t in_row = uint32_t(p.input_w) * uint32_t(p.input_c);
  const uint32_t out_row = uint32_t(p.output_w) * uint32_t(p.output_c);
  // An empty row (0 bytes) fails the stride test: out_row - 1 wraps, nothing is below 0.
  return p.batches == 1 && p.stride_h >= 1 && (out_row - 1) / uint32_t(p.stride_h) < in_row &&
         out_row * uint32_t(p.output_h) <= in_row * uint32_t(p.input_h);
}

// The rows the row walk keeps at once: at most pad_top, and no more than the input has.
int32_t RingRows(const Conv2dParams& p) { return p.pad_top < p.input_h ? p.pad_top : p.input_h; }

// Each output row is computed into scratch from input rows in place or kept, then the input rows
// its bytes will cover that a later output still reads are kept in the ring, then it is written.
// Output rows 0..r cover input bytes below (r + 1) * out_row <= (r + 1) * stride * in_row, so
// covered rows end before row (r + 1) * stride, and the later outputs read from row
// (r + 1) * stride - pad_top on: the rows kept are consecutive and at most pad_top of them, so
// row y keeps slot y % RingRows. A row is kept when first covered (later outputs read no earlier
// rows), so a covered row is read from the ring, an intact one in place.
void ConvolveOverRows(const Conv2dParams& p, int8_t* image, const int8_t* filter,
                      const int32_t* bias, std::span<uint8_t> scratch) {
  const size_t in_row = size_t(p.input_w) * size_t(p.input_c);
  const size_t out_row = size_t(p.output_w) * size_t(p.output_c);
  const int32_t ring_rows = RingRows(p);
  auto* ring = reinterpret_cast<int8_t*>(scratch.data());
  int8_t* line = ring + ring_rows * in_row;
  size_t covered_bytes = 0;  // output bytes written so far, from the image's first byte
  int32_t kept_through = -1;
  auto row_at = [&](int32_t y) -> const int8_t* {
    if (y * in_row >= covered_bytes) return image + y * in_row;
    return ring + (y % ring_rows) * in_row;
  };
  for (int32_t r = 0; r < p.output_h; ++r) {
    // While no row this output row reads is covered yet (every row of a layer whose pad_top is
    // 0, whose ring is empty), its pixels are the whole kernel's, read in place.
    const FilterWindow first = FilterWindowAt(p, r, 0);
    const auto first_read = static_cast<size_t>(first.origin_y + first.ys.begin * p.dilation_h);
    const bool intact = first.ys.Empty() || first_read * in_row >= covered_bytes;
    for (int32_t x = 0; x < p.output_w; ++x) {
      int8_t* out = line + ptrdiff_t{x} * p.output_c;
      if (intact) {
        ConvolvePixel(p, FilterWindowAt(p, r, x), static_cast<const int8_t*>(image), filter, bias,
                      out);
      } else {
        ConvolvePixelOverRows(p, FilterWindowAt(p, r, x), row_at, filter, bias, out);
      }
    }
    const size_t end_bytes = covered_bytes + out_row;
    if (r + 1 < p.output_h && ring_rows > 0) {
      const auto covered = static_cast<int32_t>((end_bytes - 1) / in_row);
      const int32_t last = covered < p.input_h - 1 ? covered : p.input_h - 1;
      const int32_t first_read = (r + 1) * p.stride_h - p.pad_top;
      for (int32_t y = first_read > kept_through + 1 ? first_read : kept_through + 1; y <= last;
           ++y) {
        const int8_t* row = image + y * in_row;
        int8_t* slot = ring + (y % ring_rows) * in_row;
        for (size_t i = 0; i < in_row; ++i) slot[i] = row[i];
        kept_through = y;
      }
    }
    for (size_t i = 0; i < out_row; ++i) image[covered_bytes + i] = line[i];
    covered_bytes = end_bytes;
  }
}

}  // namespace

// A 1x1 conv runs pixel by pixel (Conv2dOverPixelsApplies) or not at all: each input pixel is
// copied before its output is written, to the stack when it has at most kConv2dStackPixelBytes
// channels (no scratch), else to one input pixel of scratch (as kernel library 1.14.0 planned
// every pointwise layer). Any other conv runs row by row (the ring's input rows and one output
// row). The tests are this cheap because the gate-only image pays for every instruction of the
// size function. Filters are at least 1x1, so (filter_h | filter_w) == 1 says both are 1.
bool Pointwise(const Conv2dParams& p) { return (p.filter_h | p.filter_w) == 1; }

// Lowered params are non-negative, and each term is at most a tensor's bytes (32-bit).
size_t Conv2dOverInputScratchBytes(const Conv2dParams& p) {
  if (Pointwise(p)) {
    if (!Conv2dOverPixelsApplies(p)) return kFormMissingBytes;
    return p.input_c <= kConv2dStackPixelBytes ? 0 : size_t(p.input_c);
  }
  if (!OverRowsApplies(p)) return kFormMissingBytes;
  return uint32_t(RingRows(p)) * uint32_t(p.input_w) * uint32_t(p.input_c) +
         uint32_t(p.output_w) * uint32_t(p.output_c);
}

bool Conv2dOverInputApplies(const Conv2dParams& p) {
  return Conv2dOverInputScratchBytes(p) != kFormMissingBytes;
}

Status Conv2dOverInput(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                       const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(params, kName));
  ARENASTORE_CHECK_PARAMS(
      kName, Conv2dOverInputApplies(params) && (!Pointwise(params) || Conv2dPixelsInside(params)),
      "the over-input form needs one image and no more output than input "
      "bytes, or a 1x1 filter without padding on the input's pixel grid");
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dOverInputScratchBytes(params));
  if (!Pointwise(params)) {
    // The output starts at the input's first byte: they are one image.
    ConvolveOverRows(params, output, filter, bias, scratch);
    return Status::Ok();
  }
  Conv2dParams pixel = params;  // the copied pixel as a 1x1 image, its one tap at (0, 0)
  pixel.input_h = pixel.input_w = 1;
  const FilterWindow at_copy{0, 0, {0, 1}, {0, 1}};
  int8_t on_stack[kConv2dStackPixelBytes];
  int8_t* copy = params.input_c <= kConv2dStackPixelBytes
                     ? on_stack
                     : reinterpret_cast<int8_t*>(scratch.data());
  ForEachFilterWindow(
      params, input, output, [&](const FilterWindow& w, const int8_t* image, int8_t* out) {
        const int8_t* source =
            image +
            (static_cast<ptrdiff_t>(w.origin_y) * params.input_w + w.origin_x) * params.input_c;
        for (int32_t c = 0; c < params.input_c; ++c) copy[c] = source[c];
        ConvolvePixel(pixel, at_copy, copy, filter, bias, out);
      });
  return Status::Ok();
}

// TensorFlow Lite Micro's 16x8 conv requests no scratch either.
size_t Conv2dInt16ScratchBytes(const Conv2dParams& /*params*/) { return 0; }

Status Conv2dInt16(const Conv2dParams& params, const int16_t* input, const int8_t* filter,
                   const void* bias, int16_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dInt16ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(params, kName, KernelDtype::kInt16));
  if (params.int64_accumulator) {
    ConvolveAll(params, input, filter, static_cast<const int64_t*>(bias), output);
  } else {
    ConvolveAll(params, input, filter, static_cast<const int32_t*>(bias), output);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
