#include "ops/depthwise_conv2d/arm_mve.h"

#include "kernels/arm_mve/helium.h"
#include "kernels/filter_taps.h"
#include "kernels/fixed_point.h"
#include "kernels/held_output_rows.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"
#include "ops/depthwise_conv2d/ref.h"

namespace arenastore::kernels::arm_mve {
namespace {

constexpr const char* kName = "depthwise_conv2d/arm_mve";

// The output stage's params as locals: the int8 output stores may alias p, which would make
// every channel step reload them.
struct OutputStage {
  const int32_t* multipliers;
  const int32_t* shifts;
  int32_t zero_point, low, high;
};

OutputStage OutputStageOf(const DepthwiseConv2dParams& p) {
  return {p.requant.multipliers, p.requant.shifts, p.output_zero_point, p.activation_min,
          p.activation_max};
}

// Output channels [c, c + lanes) of one pixel from their int32 sums (bias included), channel c's
// byte at `destination`.
inline __attribute__((always_inline)) void StoreOutputLanes(const OutputStage& stage, int32_t c,
                                                            int32_t lanes, Int32x4 sums,
                                                            int8_t* destination) {
  StoreS8(
      destination,
      RequantizeLanes(sums, LoadS32(stage.multipliers + c, lanes), LoadS32(stage.shifts + c, lanes),
                      stage.zero_point, stage.low, stage.high),
      lanes);
}

// The bias lanes of channels [c, c + lanes): ref adds the bias after the taps, and int32 adds
// wrap, so starting from it gives the same sum.
Int32x4 BiasLanes(const int32_t* bias, int32_t c, int32_t lanes) {
  return bias != nullptr ? LoadS32(bias + c, lanes) : Splat(0);
}

struct Window {
  int32_t origin_y, origin_x;
};

Window WindowOfPixel(const DepthwiseConv2dParams& p, int32_t pixel) {
  return {pixel / p.output_w * p.stride_h - p.pad_top,
          pixel % p.output_w * p.stride_w - p.pad_left};
}

// The taps of one pixel inside the input: the first tap's input and weights and the steps
// between taps.
struct TapGrid {
  const int8_t* first_input;
  const int8_t* first_tap;
  int32_t rows, columns;
  ptrdiff_t input_row_step, input_column_step, filter_row_step, filter_column_step;
};

// Adds channels c, c + 2, c + 4, c + 6 of every tap of `grid` into even and c + 1, c + 3, ...
// into odd. Eight channels take one int16 multiply pair: x + offset lies in [-255, 255] and the
// weight in [-128, 127], so each product fits int16's operands and VMULL widens it exactly.
// (Unrolling the 3x3 interior spilled Q registers and cost more than the loop overhead.)
inline __attribute__((always_inline)) void AccumulateEight(const TapGrid& grid, int32_t c,
                                                           int16_t offset, Int32x4& even,
                                                           Int32x4& odd) {
  const int8_t* input_row = grid.first_input + c;
  const int8_t* tap_row = grid.first_tap + c;
  for (int32_t ty = 0; ty < grid.rows; ++ty) {
    const int8_t* input_tap = input_row;
    const int8_t* tap = tap_row;
    for (int32_t tx = 0; tx < grid.columns; ++tx) {
      const Int16x8 x = AddScalarS16(LoadS8x8(input_tap), offset);
      const Int16x8 w = LoadS8x8(tap);
      even = Add(even, MulLongEven(x, w));
      odd = Add(odd, MulLongOdd(x, w));
      input_tap += grid.input_column_step;
      tap += grid.filter_column_step;
    }
    input_row += grid.input_row_step;
    tap_row += grid.filter_row_step;
  }
}

// Requantizes and stores channels c, c + 2, c + 4, c + 6 from `sums`, channel c's byte at
// `destination`.
inline __attribute__((always_inline)) void StoreOutputEven(const OutputStage& stage, int32_t c,
                                                           Int32x4 sums, int8_t* destination) {
  StoreS8Even(destination, RequantizeLanes(sums, LoadS32Even(stage.multipliers + c),
                                          LoadS32Even(stage.shifts + c), stage.zero_point,
                                          stage.low, stage.high));
}

// The inside taps of one pixel's window, found once (FilterTapsInside divides).
struct InsideTaps {
  ref::FilterTaps rows, columns;
};

// Depth multiplier 1: the grid of taps inside the input (padded taps would add
// (zero point + offset) * w = 0), so no tap is bounds-checked.
TapGrid GridOf(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
               Window window, const InsideTaps& inside) {
  const ref::FilterTaps& rows = inside.rows;
  const ref::FilterTaps& columns = inside.columns;
  TapGrid grid = {image,
                  filter,
                  0,
                  columns.end - columns.begin,
                  static_cast<ptrdiff_t>(p.dilation_h) * p.input_w * p.input_c,
                  static_cast<ptrdiff_t>(p.dilation_w) * p.input_c,
                  static_cast<ptrdiff_t>(p.filter_w) * p.output_c,
                  p.output_c};
  if (!rows.Empty() && !columns.Empty()) {
    const int32_t in_y = window.origin_y + rows.begin * p.dilation_h;
    const int32_t in_x = window.origin_x + columns.begin * p.dilation_w;
    grid.first_input = image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
    grid.first_tap =
        filter + (static_cast<ptrdiff_t>(rows.begin) * p.filter_w + columns.begin) * p.output_c;
    grid.rows = rows.end - rows.begin;
  }
  return grid;
}

// Channels [c, c + lanes) (lanes 1..4) of one pixel: their sums over the grid's taps, bias
// included.
inline __attribute__((always_inline)) Int32x4 SumLanes(const TapGrid& grid, const int32_t* bias,
                                                       int32_t c, int32_t lanes, int32_t offset) {
  Int32x4 acc = BiasLanes(bias, c, lanes);
  const int8_t* input_row = grid.first_input + c;
  const int8_t* tap_row = grid.first_tap + c;
  for (int32_t ty = 0; ty < grid.rows; ++ty) {
    const int8_t* input_tap = input_row;
    const int8_t* tap = tap_row;
    for (int32_t tx = 0; tx < grid.columns; ++tx) {
      acc = MulAdd(acc, AddScalar(LoadS8(input_tap, lanes), offset), LoadS8(tap, lanes));
      input_tap += grid.input_column_step;
      tap += grid.filter_column_step;
    }
    input_row += grid.input_row_step;
    tap_row += grid.filter_row_step;
  }
  return acc;
}

// Channels [c, c + count) of one pixel, four lanes per step, channel c's byte at `destination`.
void FourLaneSteps(const DepthwiseConv2dParams& p, const TapGrid& grid, const int32_t* bias,
                   int32_t c, int32_t count, int8_t* destination) {
  const OutputStage stage = OutputStageOf(p);
  const int32_t offset = -p.input_zero_point;
  for (int32_t k = 0; k < count; k += kInt32Lanes) {
    const int32_t lanes = count - k < kInt32Lanes ? count - k : kInt32Lanes;
    StoreOutputLanes(stage, c + k, lanes, SumLanes(grid, bias, c + k, lanes, offset),
                     destination + k);
  }
}

// Channels [c, output_c) of one pixel (the channels left after the steps of eight).
void RemainingChannels(const DepthwiseConv2dParams& p, const TapGrid& grid, const int32_t* bias,
                       int32_t c, int8_t* output) {
  FourLaneSteps(p, grid, bias, c, p.output_c - c, output + c);
}

// Eight channels per step in two accumulators (even and odd channels): each tap's loop overhead
// is shared and the loads need no predicate, while the operands still fit the eight Q registers
// (sixteen channels spilled).
constexpr int32_t kStepChannels = 2 * kInt32Lanes;

// Depth multiplier 1, one pixel: eight, then four channels per step straight from the input.
[[gnu::noinline]] void DirectChannels(const DepthwiseConv2dParams& p, const int8_t* image,
                                      const int8_t* filter, const int32_t* bias, Window window,
                                      const InsideTaps& inside, int8_t* output) {
  const TapGrid grid = GridOf(p, image, filter, window, inside);
  const int32_t offset = -p.input_zero_point;
  const OutputStage stage = OutputStageOf(p);
  const int32_t output_c = p.output_c;
  int32_t c = 0;
  for (; c + kStepChannels <= output_c; c += kStepChannels) {
    Int32x4 even = bias != nullptr ? LoadS32Even(bias + c) : Splat(0);
    Int32x4 odd = bias != nullptr ? LoadS32Even(bias + c + 1) : Splat(0);
    AccumulateEight(grid, c, static_cast<int16_t>(offset), even, odd);
    StoreOutputEven(stage, c, even, output + c);
    StoreOutputEven(stage, c + 1, odd, output + c + 1);
  }
  RemainingChannels(p, grid, bias, c, output);
}

// AccumulateEight for two pixels whose windows have the same inside taps, the second's input
// `pair_step` bytes after the first's: each weight load, pointer step and loop turn serves both
// pixels. kColumns > 0 fixes the taps per row.
template <int32_t kColumns>
[[gnu::always_inline]] inline void AccumulateEightPair(const TapGrid& grid, ptrdiff_t pair_step,
                                                       int32_t c, int16_t offset, Int32x4& even0,
                                                       Int32x4& odd0, Int32x4& even1,
                                                       Int32x4& odd1) {
  const int8_t* input_row = grid.first_input + c;
  const int8_t* tap_row = grid.first_tap + c;
  const int32_t columns = kColumns > 0 ? kColumns : grid.columns;
  for (int32_t ty = 0; ty < grid.rows; ++ty) {
    const int8_t* input_tap = input_row;
    const int8_t* tap = tap_row;
    for (int32_t tx = 0; tx < columns; ++tx) {
      const Int16x8 w = LoadS8x8(tap);
      const Int16x8 x0 = AddScalarS16(LoadS8x8(input_tap), offset);
      even0 = Add(even0, MulLongEven(x0, w));
      odd0 = Add(odd0, MulLongOdd(x0, w));
      const Int16x8 x1 = AddScalarS16(LoadS8x8(input_tap + pair_step), offset);
      even1 = Add(even1, MulLongEven(x1, w));
      odd1 = Add(odd1, MulLongOdd(x1, w));
      input_tap += grid.input_column_step;
      tap += grid.filter_column_step;
    }
    input_row += grid.input_row_step;
    tap_row += grid.filter_row_step;
  }
}

// Where the second pixel of a pair lies from the first: its input and its output.
struct PairSteps {
  ptrdiff_t input_bytes, output_bytes;
};

// Eight channels from c of two pixels with the same inside taps, the second's input `pair_step`
// bytes after the first's, their channel c at `first` and `second`: one pass over the weights
// and the bias for both, and each parity's scale found once for both.
template <int32_t kColumns>
[[gnu::always_inline]] inline void EightOfAPair(const OutputStage& stage, const TapGrid& grid,
                                                ptrdiff_t pair_step, const int32_t* bias,
                                                int32_t c, int16_t offset, int8_t* first,
                                                int8_t* second) {
  const Int32x4 bias_even = bias != nullptr ? LoadS32Even(bias + c) : Splat(0);
  const Int32x4 bias_odd = bias != nullptr ? LoadS32Even(bias + c + 1) : Splat(0);
  Int32x4 even0 = bias_even, odd0 = bias_odd, even1 = bias_even, odd1 = bias_odd;
  AccumulateEightPair<kColumns>(grid, pair_step, c, offset, even0, odd0, even1, odd1);
  const LaneScale even_scale =
      LaneScaleOf(LoadS32Even(stage.multipliers + c), LoadS32Even(stage.shifts + c));
  StoreS8Even(first, RequantizeWith(even0, even_scale, stage.zero_point, stage.low, stage.high));
  StoreS8Even(second, RequantizeWith(even1, even_scale, stage.zero_point, stage.low, stage.high));
  const LaneScale odd_scale =
      LaneScaleOf(LoadS32Even(stage.multipliers + c + 1), LoadS32Even(stage.shifts + c + 1));
  StoreS8Even(first + 1, RequantizeWith(odd0, odd_scale, stage.zero_point, stage.low, stage.high));
  StoreS8Even(second + 1,
              RequantizeWith(odd1, odd_scale, stage.zero_point, stage.low, stage.high));
}

// Depth multiplier 1, two pixels with the same inside taps (`inside`), the second `steps` after
// the first: the steps of eight channels run for both at once, sharing the weights, the bias,
// the scales and the tap loops.
template <int32_t kColumns>
[[gnu::noinline]] void DirectChannelPair(const DepthwiseConv2dParams& p, const int8_t* image,
                                         const int8_t* filter, const int32_t* bias, Window window,
                                         const InsideTaps& inside, PairSteps steps,
                                         int8_t* output) {
  const TapGrid grid = GridOf(p, image, filter, window, inside);
  const ptrdiff_t pair_step = steps.input_bytes;
  const auto offset = static_cast<int16_t>(-p.input_zero_point);
  const OutputStage stage = OutputStageOf(p);
  const int32_t output_c = p.output_c;
  int8_t* second_output = output + steps.output_bytes;
  int32_t c = 0;
  for (; c + kStepChannels <= output_c; c += kStepChannels) {
    EightOfAPair<kColumns>(stage, grid, pair_step, bias, c, offset, output + c, second_output + c);
  }
  if (c < output_c) {
    RemainingChannels(p, grid, bias, c, output);
    TapGrid second = grid;
    second.first_input += pair_step;
    RemainingChannels(p, second, bias, c, second_output);
  }
}

void RunPair(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
             const int32_t* bias, Window window, const InsideTaps& inside, PairSteps steps,
             int8_t* output) {
  if (inside.columns.end - inside.columns.begin == 3) {
    DirectChannelPair<3>(p, image, filter, bias, window, inside, steps, output);
  } else {
    DirectChannelPair<0>(p, image, filter, bias, window, inside, steps, output);
  }
}

bool SameTaps(ref::FilterTaps a, ref::FilterTaps b) { return a.begin == b.begin && a.end == b.end; }

// Depth multiplier 1, output row `out_y`: neighbouring pixels whose windows have the same inside
// taps (away from the left and right padding) run in pairs.
void DirectChannelRow(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                      const int32_t* bias, int32_t out_y, ref::FilterTaps rows,
                      int8_t* row_output) {
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t output_c = p.output_c;
  const PairSteps along_row = {static_cast<ptrdiff_t>(p.stride_w) * p.input_c, output_c};
  int32_t out_x = 0;
  while (out_x < p.output_w) {
    const Window first = {origin_y, out_x * p.stride_w - p.pad_left};
    const InsideTaps inside = {
        rows, ref::FilterTapsInside(first.origin_x, p.dilation_w, p.filter_w, p.input_w)};
    int8_t* output = row_output + static_cast<ptrdiff_t>(out_x) * output_c;
    if (out_x + 1 < p.output_w &&
        SameTaps(inside.columns, ref::FilterTapsInside(first.origin_x + p.stride_w, p.dilation_w,
                                                       p.filter_w, p.input_w))) {
      RunPair(p, image, filter, bias, first, inside, along_row, output);
      out_x += 2;
    } else {
      DirectChannels(p, image, filter, bias, first, inside, output);
      out_x += 1;
    }
  }
}

// Depth multiplier 1, output rows `out_y` and `out_y + 1`, whose windows have the same inside
// rows: each pixel runs in a pair with the one below it.
void DirectChannelRowPair(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                          const int32_t* bias, int32_t out_y, ref::FilterTaps rows,
                          int8_t* row_output) {
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t output_c = p.output_c;
  const PairSteps down = {static_cast<ptrdiff_t>(p.stride_h) * p.input_w * p.input_c,
                          static_cast<ptrdiff_t>(p.output_w) * output_c};
  for (int32_t out_x = 0; out_x < p.output_w; ++out_x) {
    const Window first = {origin_y, out_x * p.stride_w - p.pad_left};
    const InsideTaps inside = {
        rows, ref::FilterTapsInside(first.origin_x, p.dilation_w, p.filter_w, p.input_w)};
    RunPair(p, image, filter, bias, first, inside, down,
            row_output + static_cast<ptrdiff_t>(out_x) * output_c);
  }
}

// Depth multiplier 1, one image, pixels in pairs that share one pass over the weights: two rows
// together where both rows' windows have the same inside rows (away from the top and bottom
// padding), else neighbours along the row.
void DirectChannelImage(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                        const int32_t* bias, int8_t* output) {
  const ptrdiff_t row_elements = static_cast<ptrdiff_t>(p.output_w) * p.output_c;
  int32_t out_y = 0;
  while (out_y < p.output_h) {
    const int32_t origin_y = out_y * p.stride_h - p.pad_top;
    const ref::FilterTaps rows =
        ref::FilterTapsInside(origin_y, p.dilation_h, p.filter_h, p.input_h);
    int8_t* row_output = output + out_y * row_elements;
    if (out_y + 1 < p.output_h &&
        SameTaps(rows, ref::FilterTapsInside(origin_y + p.stride_h, p.dilation_h, p.filter_h,
                                             p.input_h))) {
      DirectChannelRowPair(p, image, filter, bias, out_y, rows, row_output);
      out_y += 2;
    } else {
      DirectChannelRow(p, image, filter, bias, out_y, rows, row_output);
      out_y += 1;
    }
  }
}

// The over-input form, where ref walks the pixels in place (its scratch is 0): rows in order,
// neighbours along each row in pairs; the vertical pairs of DirectChannelImage would write a
// pixel of the next row before this row's later pixels read their windows.
void DirectChannelRowsInOrder(const DepthwiseConv2dParams& p, const int8_t* image,
                              const int8_t* filter, const int32_t* bias, int8_t* output) {
  const ptrdiff_t row_elements = static_cast<ptrdiff_t>(p.output_w) * p.output_c;
  for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
    const int32_t origin_y = out_y * p.stride_h - p.pad_top;
    DirectChannelRow(p, image, filter, bias, out_y,
                     ref::FilterTapsInside(origin_y, p.dilation_h, p.filter_h, p.input_h),
                     output + out_y * row_elements);
  }
}

// The channels of one held block (kernels/held_output_rows.h): eight (a step's even and odd
// lanes) where the held rows of eight fit ref's scratch, one input plane, else four; 0 where
// neither fits or the output rows are wider than the input's (ref's kernel then runs).
int32_t HeldBlockChannels(const DepthwiseConv2dParams& p) {
  if (p.output_w > p.input_w) return 0;
  const int64_t plane_bytes = int64_t{p.input_h} * p.input_w;
  const int64_t held_pixels = int64_t{HeldOutputRows(p.pad_top, p.output_h)} * p.output_w;
  if (held_pixels * kStepChannels <= plane_bytes) return kStepChannels;
  if (held_pixels * kInt32Lanes <= plane_bytes) return kInt32Lanes;
  return 0;
}

// The inside taps along one axis: all of them when the window lies inside (two compares, as each
// block finds every pixel's taps again), else FilterTapsInside's division.
ref::FilterTaps TapsInside(int32_t origin, int32_t dilation, int32_t filter_size, int32_t size) {
  if (origin >= 0 && origin + (filter_size - 1) * dilation < size) return {0, filter_size};
  return ref::FilterTapsInside(origin, dilation, filter_size, size);
}

// Output row `out_y`'s channels [c, c + count) (count <= block) into `row`, each pixel's
// `block` bytes after the last: the input read in place, as the whole kernel reads it.
void HeldBlockRow(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                  const int32_t* bias, int32_t c, int32_t count, int32_t block, int32_t out_y,
                  int8_t* row) {
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const ref::FilterTaps rows = ref::FilterTapsInside(origin_y, p.dilation_h, p.filter_h, p.input_h);
  const OutputStage stage = OutputStageOf(p);
  const auto offset = static_cast<int16_t>(-p.input_zero_point);
  const ptrdiff_t pair_step = static_cast<ptrdiff_t>(p.stride_w) * p.input_c;
  int32_t out_x = 0;
  while (out_x < p.output_w) {
    const Window window = {origin_y, out_x * p.stride_w - p.pad_left};
    const InsideTaps inside = {rows,
                               TapsInside(window.origin_x, p.dilation_w, p.filter_w, p.input_w)};
    const TapGrid grid = GridOf(p, image, filter, window, inside);
    int8_t* pixel = row + static_cast<ptrdiff_t>(out_x) * block;
    if (count != kStepChannels) {
      FourLaneSteps(p, grid, bias, c, count, pixel);
      out_x += 1;
      continue;
    }
    // Neighbours with the same inside taps (away from the side padding) share the weight loads.
    if (out_x + 1 < p.output_w &&
        SameTaps(inside.columns, TapsInside(window.origin_x + p.stride_w, p.dilation_w, p.filter_w,
                                            p.input_w))) {
      if (grid.columns == 3) {
        EightOfAPair<3>(stage, grid, pair_step, bias, c, offset, pixel, pixel + block);
      } else {
        EightOfAPair<0>(stage, grid, pair_step, bias, c, offset, pixel, pixel + block);
      }
      out_x += 2;
      continue;
    }
    out_x += 1;
    Int32x4 even = bias != nullptr ? LoadS32Even(bias + c) : Splat(0);
    Int32x4 odd = bias != nullptr ? LoadS32Even(bias + c + 1) : Splat(0);
    AccumulateEight(grid, c, offset, even, odd);
    StoreOutputEven(stage, c, even, pixel);
    StoreOutputEven(stage, c + 1, odd, pixel + 1);
  }
}

// One image over its input, a block of channels at a time, each block's rows held in `held`
// until the input bytes they cover are read (kernels/held_output_rows.h). A block writes only its
// own channels, which no other block reads.
void HeldBlockImage(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                    const int32_t* bias, int32_t block, int8_t* held, int8_t* output) {
  const int32_t output_c = p.output_c;
  const ptrdiff_t slot_bytes = static_cast<ptrdiff_t>(p.output_w) * block;
  const ptrdiff_t row_elements = static_cast<ptrdiff_t>(p.output_w) * output_c;
  for (int32_t c = 0; c < output_c; c += block) {
    const int32_t count = output_c - c < block ? output_c - c : block;
    WalkHeldRows(
        p.output_h, HeldOutputRows(p.pad_top, p.output_h), held, slot_bytes,
        [&](int32_t y, int8_t* slot) {
          HeldBlockRow(p, image, filter, bias, c, count, block, y, slot);
        },
        [&](int32_t y, const int8_t* slot) {
          int8_t* out = output + y * row_elements + c;
          for (int32_t x = 0; x < p.output_w; ++x, out += output_c, slot += block) {
            CopyS8(out, slot, count);
          }
        });
  }
}

// Any depth multiplier above 1: the output channels of one input channel four lanes at a time,
// each input value inside the window read once and broadcast against its tap's weights. The
// padded taps are skipped once per pixel, not tested per tap.
void DirectMultiplied(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                      const int32_t* bias, Window window, int8_t* output) {
  const ref::FilterTaps rows =
      ref::FilterTapsInside(window.origin_y, p.dilation_h, p.filter_h, p.input_h);
  const ref::FilterTaps columns =
      ref::FilterTapsInside(window.origin_x, p.dilation_w, p.filter_w, p.input_w);
  for (int32_t c = 0; c < p.output_c;) {
    const int32_t input_channel = c / p.depth_multiplier;
    const int32_t left_in_channel = (input_channel + 1) * p.depth_multiplier - c;
    const int32_t lanes = left_in_channel < kInt32Lanes ? left_in_channel : kInt32Lanes;
    Int32x4 acc = BiasLanes(bias, c, lanes);
    for (int32_t fy = rows.begin; fy < rows.end; ++fy) {
      const int32_t in_y = window.origin_y + fy * p.dilation_h;
      const int8_t* image_row = image + static_cast<ptrdiff_t>(in_y) * p.input_w * p.input_c;
      const int8_t* filter_row = filter + static_cast<ptrdiff_t>(fy) * p.filter_w * p.output_c;
      for (int32_t fx = columns.begin; fx < columns.end; ++fx) {
        const int32_t in_x = window.origin_x + fx * p.dilation_w;
        const int32_t x = image_row[static_cast<ptrdiff_t>(in_x) * p.input_c + input_channel] -
                          p.input_zero_point;
        acc = MulAdd(acc, Splat(x),
                     LoadS8(filter_row + static_cast<ptrdiff_t>(fx) * p.output_c + c, lanes));
      }
    }
    StoreOutputLanes(OutputStageOf(p), c, lanes, acc, output + c);
    c += lanes;
  }
}

// One input channel and a depth multiplier above 1 (micro_speech's 10x8 layer, multiplier 8) is
// a regular convolution over the output channels: output[c] = sum over the window of
// (x + offset) * w[tap][c]. Each channel's sum runs along the window, up to eight taps of one
// filter row per VMLADAVA: the row's input is loaded once (int16, offset added) and meets each
// channel of a group of four, whose weights one VLDRB gather reads from the filter's
// [tap][channel] layout (lane i at i * multiplier), so the weights need no reordered copy and
// the op no scratch. Only the taps inside the input are visited, as in the kernels above.

// Whether a layer takes the window path: one input channel, a multiplier above 1, and every
// gather offset (7 taps apart at most) inside uint16.
bool UsesWindowDot(const DepthwiseConv2dParams& p) {
  return p.input_c == 1 && p.depth_multiplier > 1 && p.output_c <= 0xffff / 7 &&
         p.dilation_w <= 0xffff / 7;
}

// The inside taps of one output pixel: the first one's input value and channel-0 weight.
struct WindowTaps {
  const int8_t* input;
  const int8_t* weights;
  int32_t rows, columns;
};

// The steps between taps and the gathers' offsets, fixed for the layer.
struct WindowSteps {
  ptrdiff_t input_row, weight_row;         // one filter row down
  ptrdiff_t input_chunk, weight_chunk;     // eight taps along a row
  Uint16x8 input_offsets, weight_offsets;  // lane i: i taps along a row
  int16_t offset;                          // -input_zero_point
};

template <int32_t kChannels>
struct ChannelSums {
  int32_t sum[kChannels];
};

// How the inside taps of a row are read: kWide, more than eight, in chunks of eight; kPartial, up
// to eight, one predicated chunk (its predicate found once per pixel); kWhole, exactly eight,
// unpredicated (micro_speech's interior): the predicated loads cost a VPST each.
enum class RowKind { kWide, kPartial, kWhole };

// The sums of output channels [c, c + kChannels) over `taps`, the accumulators named so that
// they stay in registers (an int8 load may alias memory).
template <int32_t kChannels, bool kDenseColumns, RowKind kRows>
[[gnu::always_inline]] inline ChannelSums<kChannels> WindowDot(const WindowTaps& taps,
                                                               const int8_t* weights,
                                                               const WindowSteps& steps) {
  static_assert(kChannels == 1 || kChannels == 4);
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const int16_t offset = steps.offset;
  const Uint16x8 input_offsets = steps.input_offsets;
  const Uint16x8 weight_offsets = steps.weight_offsets;
  const ptrdiff_t input_row_step = steps.input_row;
  const ptrdiff_t weight_row_step = steps.weight_row;
  auto chunk = [&](const int8_t* x_in, const int8_t* w, Active16 active) {
    const Int16x8 x = AddScalarS16(
        kDenseColumns ? LoadS8x8(x_in, active) : GatherS8x8(x_in, input_offsets, active), offset);
    s0 = DotAccumulateS16(s0, x, GatherS8x8(w, weight_offsets, active));
    if constexpr (kChannels == 4) {
      s1 = DotAccumulateS16(s1, x, GatherS8x8(w + 1, weight_offsets, active));
      s2 = DotAccumulateS16(s2, x, GatherS8x8(w + 2, weight_offsets, active));
      s3 = DotAccumulateS16(s3, x, GatherS8x8(w + 3, weight_offsets, active));
    }
  };
  const int8_t* input_row = taps.input;
  const int8_t* weight_row = weights;
  if constexpr (kRows == RowKind::kWhole) {
    for (int32_t ty = 0; ty < taps.rows; ++ty) {
      const Int16x8 x = AddScalarS16(
          kDenseColumns ? LoadS8x8(input_row) : GatherS8x8(input_row, input_offsets), offset);
      s0 = DotAccumulateS16(s0, x, GatherS8x8(weight_row, weight_offsets));
      if constexpr (kChannels == 4) {
        s1 = DotAccumulateS16(s1, x, GatherS8x8(weight_row + 1, weight_offsets));
        s2 = DotAccumulateS16(s2, x, GatherS8x8(weight_row + 2, weight_offsets));
        s3 = DotAccumulateS16(s3, x, GatherS8x8(weight_row + 3, weight_offsets));
      }
      input_row += input_row_step;
      weight_row += weight_row_step;
    }
  } else if constexpr (kRows == RowKind::kWide) {
    for (int32_t ty = 0; ty < taps.rows; ++ty) {
      const int8_t* x_in = input_row;
      const int8_t* w = weight_row;
      for (int32_t k = 0; k < taps.columns; k += 8) {
        chunk(x_in, w, ActiveLanes16(taps.columns - k));
        x_in += steps.input_chunk;
        w += steps.weight_chunk;
      }
      input_row += input_row_step;
      weight_row += weight_row_step;
    }
  } else {
    const Active16 active = ActiveLanes16(taps.columns);
    for (int32_t ty = 0; ty < taps.rows; ++ty) {
      chunk(input_row, weight_row, active);
      input_row += input_row_step;
      weight_row += weight_row_step;
    }
  }
  ChannelSums<kChannels> sums;
  const int32_t all[4] = {s0, s1, s2, s3};
  for (int32_t k = 0; k < kChannels; ++k) sums.sum[k] = all[k];
  return sums;
}

// Every channel of one output pixel, its output stage included: one call per pixel, whole
// groups of four with unpredicated bias and scale loads, then any channels left one at a time.
template <bool kDenseColumns, RowKind kRows>
[[gnu::noinline]] void WindowDotPixel(const WindowTaps& taps, const WindowSteps& steps,
                                      const OutputStage& stage, const int32_t* bias,
                                      int32_t channels, int8_t* out) {
  int32_t c = 0;
  for (; c + 4 <= channels; c += 4) {
    const ChannelSums<4> sums = WindowDot<4, kDenseColumns, kRows>(taps, taps.weights + c, steps);
    Int32x4 total = FromLanes(sums.sum[0], sums.sum[1], sums.sum[2], sums.sum[3]);
    if (bias != nullptr) total = Add(total, LoadS32x4(bias + c));
    StoreS8x4(out + c,
              RequantizeLanes(total, LoadS32x4(stage.multipliers + c), LoadS32x4(stage.shifts + c),
                              stage.zero_point, stage.low, stage.high));
  }
  for (; c < channels; ++c) {
    const ChannelSums<1> sums = WindowDot<1, kDenseColumns, kRows>(taps, taps.weights + c, steps);
    const Int32x4 total = Add(FromLanes(sums.sum[0], 0, 0, 0), BiasLanes(bias, c, 1));
    StoreOutputLanes(stage, c, 1, total, out + c);
  }
}

template <bool kDenseColumns>
[[gnu::noinline]] void WindowDotImage(const DepthwiseConv2dParams& p, const int8_t* image,
                                      const int8_t* filter, const int32_t* bias, int8_t* output) {
  const OutputStage stage = OutputStageOf(p);
  const int32_t channels = p.output_c;
  const WindowSteps steps = {static_cast<ptrdiff_t>(p.dilation_h) * p.input_w,
                             static_cast<ptrdiff_t>(p.filter_w) * channels,
                             static_cast<ptrdiff_t>(8) * p.dilation_w,
                             static_cast<ptrdiff_t>(8) * channels,
                             StepOffsets16(static_cast<uint16_t>(p.dilation_w)),
                             StepOffsets16(static_cast<uint16_t>(channels)),
                             static_cast<int16_t>(-p.input_zero_point)};
  // The output columns whose window lies wholly inside the input's width: their columns need
  // no search (FilterTapsInside divides).
  const int32_t span = (p.filter_w - 1) * p.dilation_w + 1;
  const int32_t first_whole = (p.pad_left + p.stride_w - 1) / p.stride_w;
  const int32_t room = p.input_w - span + p.pad_left;  // the last whole window's origin + pad
  const int32_t end_whole = room >= 0 ? room / p.stride_w + 1 : 0;
  int8_t* out = output;
  for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
    const int32_t origin_y = out_y * p.stride_h - p.pad_top;
    const ref::FilterTaps rows =
        ref::FilterTapsInside(origin_y, p.dilation_h, p.filter_h, p.input_h);
    for (int32_t out_x = 0; out_x < p.output_w; ++out_x, out += channels) {
      const int32_t origin_x = out_x * p.stride_w - p.pad_left;
      const ref::FilterTaps columns =
          out_x >= first_whole && out_x < end_whole
              ? ref::FilterTaps{0, p.filter_w}
              : ref::FilterTapsInside(origin_x, p.dilation_w, p.filter_w, p.input_w);
      WindowTaps taps = {image, filter, 0, columns.end - columns.begin};
      if (!rows.Empty() && !columns.Empty()) {
        const int32_t in_y = origin_y + rows.begin * p.dilation_h;
        const int32_t in_x = origin_x + columns.begin * p.dilation_w;
        taps.input = image + static_cast<ptrdiff_t>(in_y) * p.input_w + in_x;
        taps.weights =
            filter + (static_cast<ptrdiff_t>(rows.begin) * p.filter_w + columns.begin) * channels;
        taps.rows = rows.end - rows.begin;
      }
      if (taps.columns == 8) {
        WindowDotPixel<kDenseColumns, RowKind::kWhole>(taps, steps, stage, bias, channels, out);
      } else if (taps.columns > 8) {
        WindowDotPixel<kDenseColumns, RowKind::kWide>(taps, steps, stage, bias, channels, out);
      } else {
        WindowDotPixel<kDenseColumns, RowKind::kPartial>(taps, steps, stage, bias, channels, out);
      }
    }
  }
}
}  // namespace

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& /*params*/) { return 0; }

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params, kName));
  const DepthwiseConv2dParams& p = params;
  const int32_t pixels = p.output_h * p.output_w;
  if (p.output_c == 0 || pixels == 0) return Status::Ok();
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t output_elements = static_cast<ptrdiff_t>(pixels) * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    int8_t* image_output = output + b * output_elements;
    if (UsesWindowDot(p)) {
      if (p.dilation_w == 1) {
        WindowDotImage<true>(p, image, filter, bias, image_output);
      } else {
        WindowDotImage<false>(p, image, filter, bias, image_output);
      }
      continue;
    }
    if (p.depth_multiplier == 1) {
      DirectChannelImage(p, image, filter, bias, image_output);
      continue;
    }
    for (int32_t pixel = 0; pixel < pixels; ++pixel) {
      int8_t* pixel_output = image_output + static_cast<ptrdiff_t>(pixel) * p.output_c;
      DirectMultiplied(p, image, filter, bias, WindowOfPixel(p, pixel), pixel_output);
    }
  }
  return Status::Ok();
}

FormSpeed DepthwiseConv2dOverInputSpeed(const DepthwiseConv2dParams& params) {
  if (DepthwiseOverInputWalksPixels(params)) return FormSpeed::kAsWhole;
  return HeldBlockChannels(params) > 0 ? FormSpeed::kOwnSlower : FormSpeed::kReference;
}

Status DepthwiseConv2dOverInput(const DepthwiseConv2dParams& params, const int8_t* input,
                                const int8_t* filter, const int32_t* bias, int8_t* output,
                                std::span<uint8_t> scratch) {
  if (DepthwiseConv2dOverInputSpeed(params) == FormSpeed::kReference ||
      !DepthwiseOverInputApplies(params)) {
    return ref::DepthwiseConv2dOverInput(params, input, filter, bias, output, scratch);
  }
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseOverInputPlaneBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params, kName));
  const DepthwiseConv2dParams& p = params;
  const int32_t pixels = p.output_h * p.output_w;
  if (p.output_c == 0 || pixels == 0) return Status::Ok();
  const bool in_place = DepthwiseOverInputWalksPixels(p);
  const int32_t block = in_place ? 0 : HeldBlockChannels(p);
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t output_elements = static_cast<ptrdiff_t>(pixels) * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    int8_t* image_output = output + b * output_elements;
    if (in_place) {
      DirectChannelRowsInOrder(p, image, filter, bias, image_output);
    } else {
      HeldBlockImage(p, image, filter, bias, block, reinterpret_cast<int8_t*>(scratch.data()),
                     image_output);
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_mve
