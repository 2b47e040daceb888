#include "ops/conv2d/arm_dsp.h"

#include "kernels/arm_dsp/simd32.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr const char* kName = "conv2d/arm_dsp";

// An unpadded ungrouped 1x1 conv whose every output pixel lands on an input pixel reads its
// whole window, one contiguous pixel, straight from the input.
bool ReadsInputDirectly(const Conv2dParams& p) {
  const bool inside = (p.output_h <= 0 || int64_t{p.output_h - 1} * p.stride_h < p.input_h) &&
                      (p.output_w <= 0 || int64_t{p.output_w - 1} * p.stride_w < p.input_w);
  return p.filter_h == 1 && p.filter_w == 1 && p.pad_top == 0 && p.pad_left == 0 && p.groups == 1 &&
         inside;
}

size_t AlignUp4(size_t value) { return (value + 3) / 4 * 4; }

// One output pixel's window, for one group, as int16 with the input offset added (so padding is
// 0), each run of four taps stored as v0, v2, v1, v3: then one word holds the pair that meets
// SXTB16(weights) = (w0, w2) and the next the pair that meets (w1, w3).
void FillInt16Row(const Conv2dParams& p, const int8_t* image, int32_t pixel, int32_t group,
                  int16_t* row) {
  const int32_t group_c = p.input_c / p.groups;
  const int32_t origin_y = pixel / p.output_w * p.stride_h - p.pad_top;
  const int32_t origin_x = pixel % p.output_w * p.stride_w - p.pad_left;
  const int32_t offset = -p.input_zero_point;
  int16_t* out = row;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    const int32_t in_y = origin_y + fy * p.dilation_h;
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int32_t in_x = origin_x + fx * p.dilation_w;
      if (in_y < 0 || in_y >= p.input_h || in_x < 0 || in_x >= p.input_w) {
        for (int32_t c = 0; c < group_c; ++c) *out++ = 0;
        continue;
      }
      const int8_t* source =
          image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c + group * group_c;
      for (int32_t c = 0; c < group_c; ++c) *out++ = static_cast<int16_t>(source[c] + offset);
    }
  }
  const ptrdiff_t whole_runs = (out - row) / 4 * 4;
  for (ptrdiff_t k = 0; k < whole_runs; k += 4) {
    const int16_t second = row[k + 1];
    row[k + 1] = row[k + 2];
    row[k + 2] = second;
  }
}

struct PairSums {
  int32_t first;
  int32_t second;
};

// Dot products of two permuted int16 rows with one int8 weight row, four taps per step.
PairSums DotInt16Rows(const int16_t* row0, const int16_t* row1, const int8_t* weights,
                      int32_t count) {
  PairSums sums = {0, 0};
  int32_t k = 0;
  for (; k + 4 <= count; k += 4) {
    const uint32_t w = LoadWord(weights + k);
    const uint32_t w_even = Sxtb16(w);
    const uint32_t w_odd = Sxtb16High(w);
    sums.first = Smlad(w_even, LoadWord(row0 + k), sums.first);
    sums.first = Smlad(w_odd, LoadWord(row0 + k + 2), sums.first);
    sums.second = Smlad(w_even, LoadWord(row1 + k), sums.second);
    sums.second = Smlad(w_odd, LoadWord(row1 + k + 2), sums.second);
  }
  for (; k < count; ++k) {
    sums.first += row0[k] * weights[k];
    sums.second += row1[k] * weights[k];
  }
  return sums;
}

// Dot products of two int8 input pixels (offset added on the fly) with one int8 weight row.
PairSums DotInt8Pixels(const int8_t* pixel0, const int8_t* pixel1, const int8_t* weights,
                       int32_t count, int32_t offset) {
  const uint32_t offset_pair = PackPair(offset, offset);
  PairSums sums = {0, 0};
  int32_t k = 0;
  for (; k + 4 <= count; k += 4) {
    const uint32_t w = LoadWord(weights + k);
    const uint32_t w_even = Sxtb16(w);
    const uint32_t w_odd = Sxtb16High(w);
    const OffsetPairs x0 = WidenWithOffset(LoadWord(pixel0 + k), offset_pair);
    const OffsetPairs x1 = WidenWithOffset(LoadWord(pixel1 + k), offset_pair);
    sums.first = Smlad(x0.odd, w_odd, Smlad(x0.even, w_even, sums.first));
    sums.second = Smlad(x1.odd, w_odd, Smlad(x1.even, w_even, sums.second));
  }
  for (; k < count; ++k) {
    sums.first += (pixel0[k] + offset) * weights[k];
    sums.second += (pixel1[k] + offset) * weights[k];
  }
  return sums;
}

struct PixelPair {
  int32_t first;    // flattened output pixel index (y * output_w + x)
  bool has_second;  // first + 1 is also computed
};

void WriteOutputs(const Conv2dParams& p, const int32_t* bias, int32_t oc, PairSums sums,
                  const PixelPair& pair, int8_t* output) {
  const int32_t b = bias != nullptr ? bias[oc] : 0;
  const int32_t multiplier = p.requant.multipliers[oc];
  const int32_t shift = p.requant.shifts[oc];
  // Any int32 bias is valid: the add wraps, as ref's does.
  output[static_cast<ptrdiff_t>(pair.first) * p.output_c + oc] =
      ref::RequantizeToInt8(WrappingAdd(sums.first, b), multiplier, shift, p.output_zero_point,
                            p.activation_min, p.activation_max);
  if (pair.has_second) {
    output[static_cast<ptrdiff_t>(pair.first + 1) * p.output_c + oc] =
        ref::RequantizeToInt8(WrappingAdd(sums.second, b), multiplier, shift, p.output_zero_point,
                              p.activation_min, p.activation_max);
  }
}

const int8_t* DirectPixel(const Conv2dParams& p, const int8_t* image, int32_t pixel) {
  const int32_t in_y = pixel / p.output_w * p.stride_h;
  const int32_t in_x = pixel % p.output_w * p.stride_w;
  return image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
}

void ConvolvePixelPair(const Conv2dParams& p, const int8_t* image, const int8_t* filter,
                       const int32_t* bias, const PixelPair& pair, int16_t* rows, int8_t* output) {
  const int32_t group_c = p.input_c / p.groups;
  const int32_t filters_per_group = p.output_c / p.groups;
  const int32_t row_elements = p.filter_h * p.filter_w * group_c;
  const int32_t second = pair.has_second ? pair.first + 1 : pair.first;
  if (ReadsInputDirectly(p)) {
    const int8_t* pixel0 = DirectPixel(p, image, pair.first);
    const int8_t* pixel1 = DirectPixel(p, image, second);
    for (int32_t oc = 0; oc < p.output_c; ++oc) {
      const PairSums sums =
          DotInt8Pixels(pixel0, pixel1, filter + static_cast<ptrdiff_t>(oc) * row_elements,
                        row_elements, -p.input_zero_point);
      WriteOutputs(p, bias, oc, sums, pair, output);
    }
    return;
  }
  int16_t* row0 = rows;
  int16_t* row1 = rows + AlignUp4(static_cast<size_t>(row_elements));
  for (int32_t g = 0; g < p.groups; ++g) {
    FillInt16Row(p, image, pair.first, g, row0);
    if (pair.has_second) FillInt16Row(p, image, second, g, row1);
    const int16_t* other = pair.has_second ? row1 : row0;
    for (int32_t oc = g * filters_per_group; oc < (g + 1) * filters_per_group; ++oc) {
      const PairSums sums = DotInt16Rows(
          row0, other, filter + static_cast<ptrdiff_t>(oc) * row_elements, row_elements);
      WriteOutputs(p, bias, oc, sums, pair, output);
    }
  }
}

}  // namespace

size_t Conv2dScratchBytes(const Conv2dParams& params) {
  if (ReadsInputDirectly(params)) return 0;
  if (params.filter_h <= 0 || params.filter_w <= 0 || params.input_c <= 0 || params.groups <= 0) {
    return 0;
  }
  const size_t row_elements = static_cast<size_t>(params.filter_h) *
                              static_cast<size_t>(params.filter_w) *
                              static_cast<size_t>(params.input_c / params.groups);
  return 2 * sizeof(int16_t) * AlignUp4(row_elements);
}

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(params, kName));
  const Conv2dParams& p = params;
  const int32_t pixels = p.output_h * p.output_w;
  if (pixels == 0 || p.output_c == 0) return Status::Ok();
  if (!ReadsInputDirectly(p))
    ARENASTORE_RETURN_IF_ERROR(ref::CheckInt32Aligned(scratch.data(), kName));
  auto* rows = reinterpret_cast<int16_t*>(scratch.data());
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t output_elements = static_cast<ptrdiff_t>(pixels) * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    int8_t* image_output = output + b * output_elements;
    for (int32_t pixel = 0; pixel < pixels; pixel += 2) {
      const PixelPair pair = {pixel, pixel + 1 < pixels};
      ConvolvePixelPair(p, image, filter, bias, pair, rows, image_output);
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_dsp
