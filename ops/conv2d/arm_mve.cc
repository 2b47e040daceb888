#include "ops/conv2d/arm_mve.h"

#include "kernels/arm_mve/helium.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"
#include "ops/conv2d/pixel_walk.h"
#include "ops/conv2d/ref.h"

namespace arenastore::kernels::arm_mve {
namespace {

constexpr const char* kName = "conv2d/arm_mve";
constexpr int32_t kPixelsPerPass = 4;

size_t AlignUp16(size_t value) { return (value + 15) / 16 * 16; }

// One output pixel's window for one group, int8 in the filter's order; padding taps hold the
// input zero point, which the folded offset turns into 0.
void FillInt8Row(const Conv2dParams& p, const int8_t* image, int32_t pixel, int32_t group,
                 int8_t* row) {
  const int32_t group_c = p.input_c / p.groups;
  const int32_t origin_y = pixel / p.output_w * p.stride_h - p.pad_top;
  const int32_t origin_x = pixel % p.output_w * p.stride_w - p.pad_left;
  const auto padding = static_cast<int8_t>(p.input_zero_point);
  const int32_t filter_row_bytes = p.filter_w * group_c;
  // Ungrouped and undilated, a window row lying inside the input is one contiguous run.
  const bool row_is_run = p.groups == 1 && p.dilation_w == 1 && origin_x >= 0 &&
                          int64_t{origin_x} + p.filter_w <= p.input_w;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    const int32_t in_y = origin_y + fy * p.dilation_h;
    if (in_y < 0 || in_y >= p.input_h) {
      FillS8(row, padding, filter_row_bytes);
      row += filter_row_bytes;
      continue;
    }
    if (row_is_run) {
      CopyS8(row, image + (static_cast<ptrdiff_t>(in_y) * p.input_w + origin_x) * p.input_c,
             filter_row_bytes);
      row += filter_row_bytes;
      continue;
    }
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int32_t in_x = origin_x + fx * p.dilation_w;
      if (in_x < 0 || in_x >= p.input_w) {
        FillS8(row, padding, group_c);
        row += group_c;
        continue;
      }
      const int8_t* source =
          image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c + group * group_c;
      CopyS8(row, source, group_c);
      row += group_c;
    }
  }
}

struct PixelQuad {
  int32_t first;  // flattened output pixel index
  int32_t count;  // 1..4 pixels computed
};

// Output channels [oc_begin, oc_end) of the quad's pixels, from rows[i] = pixel i's window. Out
// of line: inlined into the quad's loop, its loop-invariant values spill.
[[gnu::noinline]] void ConvolveRows(const Conv2dParams& p, const int8_t* const rows[4],
                                    const int8_t* filter, const int32_t* bias, int32_t oc_begin,
                                    int32_t oc_end, const PixelQuad& quad, int8_t* output) {
  const int32_t row_elements = p.filter_h * p.filter_w * (p.input_c / p.groups);
  const int32_t input_offset = -p.input_zero_point;
  // Locals, not p's fields: the int8 output stores may alias p, which would reload them all.
  const int32_t* multipliers = p.requant.multipliers;
  const int32_t* shifts = p.requant.shifts;
  const int32_t output_c = p.output_c;
  const int32_t zero_point = p.output_zero_point;
  const int32_t low = p.activation_min, high = p.activation_max;
  const int32_t pixels = quad.count;
  int8_t* quad_output = output + static_cast<ptrdiff_t>(quad.first) * output_c;
  const int8_t* filter_row = filter + static_cast<ptrdiff_t>(oc_begin) * row_elements;
  int32_t oc = oc_begin;
  // Four channels at a time: their sums are regrouped pixel by pixel, so each pixel's four
  // channels take one output stage with the channels' own multipliers and one plain store.
  for (; oc + kInt32Lanes <= oc_end; oc += kInt32Lanes) {
    alignas(16) int32_t sums[kPixelsPerPass][kInt32Lanes];  // [pixel][channel]
    alignas(16) int32_t folded[kInt32Lanes];
    for (int32_t j = 0; j < kInt32Lanes; ++j, filter_row += row_elements) {
      const FourDots dots = DotFourS8(rows[0], rows[1], rows[2], rows[3], filter_row, row_elements);
      folded[j] = WrappingAdd(input_offset * dots.sum_b, bias != nullptr ? bias[oc + j] : 0);
      for (int32_t i = 0; i < kPixelsPerPass; ++i) sums[i][j] = dots.dot[i];
    }
    const Int32x4 folded_lanes = LoadS32x4(folded);
    const Int32x4 channel_multipliers = LoadS32x4(multipliers + oc);
    const Int32x4 channel_shifts = LoadS32x4(shifts + oc);
    for (int32_t i = 0; i < pixels; ++i) {
      StoreS8x4(quad_output + static_cast<ptrdiff_t>(i) * output_c + oc,
                RequantizeLanes(Add(LoadS32x4(sums[i]), folded_lanes), channel_multipliers,
                                channel_shifts, zero_point, low, high));
    }
  }
  for (; oc < oc_end; ++oc, filter_row += row_elements) {
    const FourDots dots = DotFourS8(rows[0], rows[1], rows[2], rows[3], filter_row, row_elements);
    // sum (x + offset) * w = sum x * w + offset * sum w.
    // Wrapping like ref's int32 adds: any bias is valid, the exact sum fits when ref's does.
    const int32_t folded = WrappingAdd(input_offset * dots.sum_b, bias != nullptr ? bias[oc] : 0);
    // The quad's four pixels of this channel share its multiplier: one vector output stage,
    // scattered output_c bytes apart.
    const Int32x4 sums =
        AddScalar(FromLanes(dots.dot[0], dots.dot[1], dots.dot[2], dots.dot[3]), folded);
    StoreS8Strided(
        quad_output + oc, output_c,
        RequantizeLanes(sums, Splat(multipliers[oc]), Splat(shifts[oc]), zero_point, low, high),
        pixels);
  }
}

// The input offset's term of `lanes` channels from `rows` (channel j's filter row) plus their
// bias: sum_k (x_k + offset) * w_k = sum_k x_k * w_k + offset * sum_k w_k, wrapping like ref's
// int32 adds (any bias is valid, the exact sum fits when ref's does).
Int32x4 FoldedLanes(const int8_t* const rows[4], int32_t depth, int32_t input_offset,
                    const int32_t* bias, int32_t lanes) {
  alignas(16) int32_t folded[kInt32Lanes] = {0, 0, 0, 0};
  for (int32_t j = 0; j < lanes; ++j) {
    folded[j] = WrappingAdd(input_offset * SumS8(rows[j], depth), bias != nullptr ? bias[j] : 0);
  }
  return LoadS32x4(folded);
}

// Output channels [oc, oc + lanes) (lanes 1..4) of every pixel of an unpadded ungrouped 1x1
// convolution: each pixel's input row meets the group's four filter rows in one pass, so the
// lanes of one pixel's output come out together (one output stage, one store), and the offset
// term, scales and bias are set up once per group, not once per pixel. Missing channels of a
// short group repeat the last filter row; their lanes are computed and not stored.
[[gnu::always_inline]] inline void DirectChannelGroup(const Conv2dParams& p, const int8_t* image,
                                                      const int8_t* filter, const int32_t* bias,
                                                      int32_t oc, int32_t lanes, int8_t* output) {
  const int32_t depth = p.input_c;
  const int8_t* rows[kInt32Lanes];
  for (int32_t j = 0; j < kInt32Lanes; ++j) {
    rows[j] = filter + static_cast<ptrdiff_t>(oc + (j < lanes ? j : lanes - 1)) * depth;
  }
  const Int32x4 folded =
      FoldedLanes(rows, depth, -p.input_zero_point, bias != nullptr ? bias + oc : nullptr, lanes);
  const Int32x4 multipliers = LoadS32(p.requant.multipliers + oc, lanes);
  const Int32x4 shifts = LoadS32(p.requant.shifts + oc, lanes);
  // Locals, not p's fields: the int8 output stores may alias p, which would reload them all.
  const int32_t zero_point = p.output_zero_point;
  const int32_t low = p.activation_min, high = p.activation_max;
  const int32_t output_c = p.output_c, output_h = p.output_h, output_w = p.output_w;
  const ptrdiff_t column_step = static_cast<ptrdiff_t>(p.stride_w) * depth;
  const ptrdiff_t row_step = static_cast<ptrdiff_t>(p.stride_h) * p.input_w * depth;
  int8_t* out = output + oc;
  const int8_t* image_row = image;
  for (int32_t y = 0; y < output_h; ++y, image_row += row_step) {
    const int8_t* x_in = image_row;
    for (int32_t x = 0; x < output_w; ++x, x_in += column_step, out += output_c) {
      const FourProducts dots = DotFourProductsS8(rows[0], rows[1], rows[2], rows[3], x_in, depth);
      const Int32x4 sums =
          Add(FromLanes(dots.dot[0], dots.dot[1], dots.dot[2], dots.dot[3]), folded);
      const Int32x4 result = RequantizeLanes(sums, multipliers, shifts, zero_point, low, high);
      if (lanes == kInt32Lanes) {
        StoreS8x4(out, result);
      } else {
        StoreS8(out, result, lanes);
      }
    }
  }
}

// An unpadded ungrouped 1x1 convolution of one image, reading the input in place. Out of line:
// inlined into the kernel's caller, the loop's ten registers could not all be found.
[[gnu::noinline]] void ConvolveDirect(const Conv2dParams& p, const int8_t* image,
                                      const int8_t* filter, const int32_t* bias, int8_t* output) {
  int32_t oc = 0;
  for (; oc + kInt32Lanes <= p.output_c; oc += kInt32Lanes) {
    DirectChannelGroup(p, image, filter, bias, oc, kInt32Lanes, output);
  }
  if (oc < p.output_c) DirectChannelGroup(p, image, filter, bias, oc, p.output_c - oc, output);
}

// One pixel per pass where the scratch beyond one im2col row holds every channel's folded
// offset term and bias (ungrouped, 4 * output_c bytes within three rows): those are then summed
// once per image instead of once per four pixels, and each pixel's window meets four filter rows
// in one pass, as the 1x1 path's pixels do.
bool FoldsOncePerImage(const Conv2dParams& p) {
  const size_t row_bytes =
      AlignUp16(static_cast<size_t>(p.filter_h) * p.filter_w * static_cast<size_t>(p.input_c));
  return p.groups == 1 && 4 * static_cast<size_t>(p.output_c) <= (kPixelsPerPass - 1) * row_bytes;
}

// Every channel's offset term plus bias, as FoldedLanes finds four.
void FoldAllChannels(const Conv2dParams& p, const int8_t* filter, const int32_t* bias,
                     int32_t row_elements, int32_t* folded) {
  const int32_t input_offset = -p.input_zero_point;
  for (int32_t oc = 0; oc < p.output_c; ++oc) {
    const int32_t filter_sum =
        SumS8(filter + static_cast<ptrdiff_t>(oc) * row_elements, row_elements);
    folded[oc] = WrappingAdd(input_offset * filter_sum, bias != nullptr ? bias[oc] : 0);
  }
}

// The output stage's params as locals: the int8 output stores may alias p, which would make
// every channel group reload them.
struct OutputStage {
  const int32_t* multipliers;
  const int32_t* shifts;
  int32_t zero_point, low, high;
};

// `lanes` (1..4) int32 values, unpredicated when all four are read.
[[gnu::always_inline]] inline Int32x4 LoadLanes(const int32_t* source, int32_t lanes) {
  return lanes == kInt32Lanes ? LoadS32x4(source) : LoadS32(source, lanes);
}

// Output channels [oc, oc + lanes) (lanes 1..4) of one pixel from its window `row`. Missing
// channels of a short group repeat the last filter row; their lanes are not stored.
[[gnu::always_inline]] inline void WindowChannelGroup(const OutputStage& stage, const int8_t* row,
                                                      const int8_t* filter, int32_t row_elements,
                                                      const int32_t* folded, int32_t oc,
                                                      int32_t lanes, int8_t* out) {
  const int8_t* row0 = filter + static_cast<ptrdiff_t>(oc) * row_elements;
  const int8_t* row1 = lanes > 1 ? row0 + row_elements : row0;
  const int8_t* row2 = lanes > 2 ? row1 + row_elements : row1;
  const int8_t* row3 = lanes > 3 ? row2 + row_elements : row2;
  const FourProducts dots = DotFourProductsS8(row0, row1, row2, row3, row, row_elements);
  const Int32x4 sums = Add(FromLanes(dots.dot[0], dots.dot[1], dots.dot[2], dots.dot[3]),
                           LoadLanes(folded + oc, lanes));
  const Int32x4 result =
      RequantizeLanes(sums, LoadLanes(stage.multipliers + oc, lanes),
                      LoadLanes(stage.shifts + oc, lanes), stage.zero_point, stage.low, stage.high);
  if (lanes == kInt32Lanes) {
    StoreS8x4(out + oc, result);
  } else {
    StoreS8(out + oc, result, lanes);
  }
}

// One image through one im2col row, the folded terms after it in the scratch.
[[gnu::noinline]] void ConvolveWindows(const Conv2dParams& p, const int8_t* image,
                                       const int8_t* filter, const int32_t* bias, int8_t* scratch,
                                       int8_t* output) {
  const int32_t row_elements = p.filter_h * p.filter_w * p.input_c;
  int8_t* row = scratch;
  auto* folded = reinterpret_cast<int32_t*>(scratch + AlignUp16(static_cast<size_t>(row_elements)));
  FoldAllChannels(p, filter, bias, row_elements, folded);
  const int32_t pixels = p.output_h * p.output_w;
  const int32_t output_c = p.output_c;
  const OutputStage stage = {p.requant.multipliers, p.requant.shifts, p.output_zero_point,
                             p.activation_min, p.activation_max};
  int8_t* out = output;
  for (int32_t pixel = 0; pixel < pixels; ++pixel, out += output_c) {
    FillInt8Row(p, image, pixel, 0, row);
    int32_t oc = 0;
    for (; oc + kInt32Lanes <= output_c; oc += kInt32Lanes) {
      WindowChannelGroup(stage, row, filter, row_elements, folded, oc, kInt32Lanes, out);
    }
    if (oc < output_c) {
      WindowChannelGroup(stage, row, filter, row_elements, folded, oc, output_c - oc, out);
    }
  }
}

void ConvolveQuad(const Conv2dParams& p, const int8_t* image, const int8_t* filter,
                  const int32_t* bias, const PixelQuad& quad, int8_t* im2col, int8_t* output) {
  const int8_t* rows[kPixelsPerPass];
  const int32_t group_c = p.input_c / p.groups;
  const int32_t filters_per_group = p.output_c / p.groups;
  const size_t row_stride = AlignUp16(static_cast<size_t>(p.filter_h) * p.filter_w * group_c);
  for (int32_t g = 0; g < p.groups; ++g) {
    for (int32_t i = 0; i < kPixelsPerPass; ++i) {
      int8_t* row = im2col + static_cast<ptrdiff_t>(i < quad.count ? i : 0) * row_stride;
      if (i < quad.count) FillInt8Row(p, image, quad.first + i, g, row);
      rows[i] = row;
    }
    ConvolveRows(p, rows, filter, bias, g * filters_per_group, (g + 1) * filters_per_group, quad,
                 output);
  }
}

// The over-input form's pixel walk: the output channels of one pixel from its copied input `x`,
// four filter rows per pass, each row's sum taken in the same pass (VADDVA beside VMLADAVA) for
// the input offset's term, as a fully connected row does: no scratch holds the folded terms.
[[gnu::noinline]] void PointwisePixel(const Conv2dParams& p, const int8_t* x, const int8_t* filter,
                                      const int32_t* bias, int8_t* output) {
  const int32_t depth = p.input_c;
  const int32_t input_offset = -p.input_zero_point;
  for (int32_t oc = 0; oc < p.output_c; oc += kInt32Lanes) {
    const int32_t lanes = p.output_c - oc < kInt32Lanes ? p.output_c - oc : kInt32Lanes;
    const int8_t* rows[kInt32Lanes];
    for (int32_t j = 0; j < kInt32Lanes; ++j) {
      // A short last pass repeats its last row; those lanes are computed and not stored.
      rows[j] = filter + static_cast<ptrdiff_t>(oc + (j < lanes ? j : lanes - 1)) * depth;
    }
    const FourDotsAndSums dots = DotFourWithSumsS8(rows[0], rows[1], rows[2], rows[3], x, depth);
    alignas(16) int32_t folded[kInt32Lanes] = {0, 0, 0, 0};
    for (int32_t j = 0; j < lanes; ++j) {
      folded[j] = WrappingAdd(input_offset * dots.sum[j], bias != nullptr ? bias[oc + j] : 0);
    }
    const Int32x4 sums =
        Add(FromLanes(dots.dot[0], dots.dot[1], dots.dot[2], dots.dot[3]), LoadS32x4(folded));
    StoreS8(output + oc,
            RequantizeLanes(sums, LoadS32(p.requant.multipliers + oc, lanes),
                            LoadS32(p.requant.shifts + oc, lanes), p.output_zero_point,
                            p.activation_min, p.activation_max),
            lanes);
  }
}

}  // namespace

size_t Conv2dScratchBytes(const Conv2dParams& params) {
  return kPixelsPerPass * AlignUp16(Conv2dPatchElements(params));
}

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(params, kName));
  const Conv2dParams& p = params;
  const int32_t pixels = p.output_h * p.output_w;
  if (pixels == 0 || p.output_c == 0) return Status::Ok();
  // A pointwise conv with outputs past its input (no lowering makes one) gets no im2col
  // scratch: ref's walk, which clips every window, computes it.
  if (Conv2dReadsPixelsDirectly(p) && !Conv2dPixelsInside(p)) {
    return ref::Conv2d(params, input, filter, bias, output, scratch.first(0));
  }
  auto* im2col = reinterpret_cast<int8_t*>(scratch.data());
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t output_elements = static_cast<ptrdiff_t>(pixels) * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    int8_t* image_output = output + b * output_elements;
    if (Conv2dReadsPixelsDirectly(p)) {
      ConvolveDirect(p, image, filter, bias, image_output);
      continue;
    }
    // The folded terms are int32: a scratch that is not 4-byte aligned takes the quads.
    if (FoldsOncePerImage(p) && reinterpret_cast<uintptr_t>(im2col) % alignof(int32_t) == 0) {
      ConvolveWindows(p, image, filter, bias, im2col, image_output);
      continue;
    }
    for (int32_t pixel = 0; pixel < pixels; pixel += kPixelsPerPass) {
      const PixelQuad quad = {pixel,
                              pixels - pixel < kPixelsPerPass ? pixels - pixel : kPixelsPerPass};
      ConvolveQuad(p, image, filter, bias, quad, im2col, image_output);
    }
  }
  return Status::Ok();
}

Status Conv2dOverInput(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                       const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  if (!Conv2dOverPixelsApplies(params)) {
    return ref::Conv2dOverInput(params, input, filter, bias, output, scratch);
  }
  const Conv2dParams& p = params;
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dPixelWalk(p, kName, scratch.size()));
  // The pixel's copy as ref makes it (its size function is the form's).
  alignas(16) int8_t stack_copy[kConv2dStackPixelBytes];
  int8_t* copy =
      Conv2dPixelCopyOnStack(p) ? stack_copy : reinterpret_cast<int8_t*>(scratch.data());
  WalkConv2dPixels(p, input, output, [&](const int8_t* pixel, int8_t* output_pixel) {
    CopyS8(copy, pixel, p.input_c);
    PointwisePixel(p, copy, filter, bias, output_pixel);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_mve
