// Row strips: the params and input rows that let a window op (conv2d, depthwise_conv2d, the
// pools) compute output rows [begin, end) of one image from only the horizontal strip of input
// rows those rows read. Called by the patch-stage planner and executor (issue #37, to come).
// Invariant: every output row of a strip reads the same input rows, each as real or as padding,
// as in the whole op, so a strip's output bytes equal the whole op's rows byte for byte.
// Header-only, freestanding, allocation-free; the caller checks the row range (see RowStripOf).
#pragma once

#include <cstdint>

namespace arenastore::kernels {

// Why a strip is exact: these kernels place output row r's window at origin(r) = r * stride_h -
// pad_top, read its taps origin(r) + k * dilation_h, and treat a tap outside [0, input_h) as
// padding (skipped in the sum, the max and the pool's divisor); bottom padding is not a field, it
// is what the output rows' windows reach below the input. A strip handed input rows
// [in_begin, in_end) with pad_top' = in_begin - origin(begin) puts row r's window at strip
// origin origin(r) - in_begin: the same taps, shifted. Since [in_begin, in_end) is every row the
// strip's taps read, clipped to the input, a tap is inside the strip exactly when it is inside the
// input, so the same bytes meet the same arithmetic in the same order. Hence an interior strip is
// handed every row its windows read, and only the last strip reaches the real bottom. Width,
// channels, filter and requantization are untouched. A variant that prepares state from the params
// (a split form, kernels/kernel_state.h) must be prepared again for each strip's params, and each
// strip's scratch is its own size function of the strip's params. Every variant registered for
// these ops (ref, x86_avx2, x86_avx512vnni, arm_dsp, arm_mve) runs strips exactly, each within the
// scratch declared for the strip: tests/ops/row_strip_sweep_test.cc.
//
// Per-pixel ops (a 1x1 conv or depthwise conv with stride 1 and no padding, elementwise and
// unary ops) need none of this: output row r reads input row r, so a strip of output rows is
// handed the same input rows.

// Rows [begin, end) of a tensor's height, one image.
struct RowRange {
  int32_t begin, end;

  constexpr int32_t Rows() const { return end - begin; }
  constexpr bool operator==(const RowRange&) const = default;
};

// A window op's vertical geometry: what decides which input rows an output row reads.
struct WindowRows {
  int32_t input_h, output_h, filter_h, stride_h;
  int32_t dilation_h;  // 1 for the pools
  int32_t pad_top;     // rows of padding above the input; the bottom's is implied by output_h
};

template <typename Params>
constexpr WindowRows WindowRowsOf(const Params& p) {
  int32_t dilation_h = 1;
  if constexpr (requires { p.dilation_h; }) dilation_h = p.dilation_h;
  return {p.input_h, p.output_h, p.filter_h, p.stride_h, dilation_h, p.pad_top};
}

// The input rows output rows `output_rows` read: from the first tap of the first row's window to
// the last tap of the last row's, clipped to [0, input_h). Rows in between that no tap reads
// (a stride longer than the window) are included: a strip is one contiguous block. Empty (begin ==
// end) only when every window lies wholly in the padding: a conv's or a max pool's may (those
// rows then come from padding alone), an average pool refuses such a window (its divisor
// would be 0) in a strip as in the whole op. 64-bit arithmetic: a
// lowered op's dimensions are int32, their products need not be.
constexpr RowRange InputRowsRead(const WindowRows& g, RowRange output_rows) {
  const int64_t first_tap = int64_t{output_rows.begin} * g.stride_h - g.pad_top;
  const int64_t last_tap = int64_t{output_rows.end - 1} * g.stride_h - g.pad_top +
                           int64_t{g.filter_h - 1} * g.dilation_h;
  auto clip = [&](int64_t row) {
    return static_cast<int32_t>(row < 0 ? 0 : (row > g.input_h ? g.input_h : row));
  };
  const int32_t begin = clip(first_tap);
  const int32_t end = clip(last_tap + 1);
  return {begin, end < begin ? begin : end};
}

// pad_top of a strip handed `input_rows` for output rows starting at `first_output_row`, so that
// each window lands on the rows it reads in the whole op. Never negative when input_rows begins
// at the first row read (InputRowsRead) and some window reaches the input; negative only for rows
// whose windows all lie below the input, which no TensorFlow Lite padding makes.
constexpr int32_t StripPadTop(const WindowRows& g, int32_t first_output_row,
                              const RowRange& input_rows) {
  return static_cast<int32_t>(input_rows.begin -
                              (int64_t{first_output_row} * g.stride_h - g.pad_top));
}

// A strip of a window op: the params to run it with and the input rows to hand it (that many
// rows, from the image's row input_rows.begin, full width and all channels).
template <typename Params>
struct RowStrip {
  Params params;
  RowRange input_rows;
};

// The strip of `whole` (Conv2dParams, DepthwiseConv2dParams or Pool2dParams: any params with
// input_h, output_h, filter_h, stride_h, pad_top, batches and, when it has them, dilation_h)
// computing its output rows `output_rows` of one image (batches = 1: run each image's strips in
// turn). The caller keeps 0 <= begin < end <= output_h, as the planner's partition does; a
// strip's output is its output_rows' rows of the whole output, at row output_rows.begin.
template <typename Params>
constexpr RowStrip<Params> RowStripOf(const Params& whole, RowRange output_rows) {
  const WindowRows geometry = WindowRowsOf(whole);
  RowStrip<Params> strip{whole, InputRowsRead(geometry, output_rows)};
  strip.params.batches = 1;
  strip.params.input_h = strip.input_rows.Rows();
  strip.params.output_h = output_rows.Rows();
  strip.params.pad_top = StripPadTop(geometry, output_rows.begin, strip.input_rows);
  return strip;
}

// The strip of a pad op `whole` (PadParams: rank, input_shape, before, after) computing its
// output rows `output_rows` along axis `height_axis` for one image: the axes before it (the
// batch) are made 1 with no padding, so the caller keeps them unpadded in `whole` and runs each
// image's strips in turn. A pad is a 1-row window of stride 1 with `before` rows above, so it
// reads rows [begin - before, end - before) clipped; the strip's own padding is what is left of
// its rows: before' up to the first input row, after' below the last (rows wholly in the
// padding read none and are all before' or all after').
template <typename PadParams>
constexpr RowStrip<PadParams> PadRowStripOf(const PadParams& whole, int32_t height_axis,
                                            RowRange output_rows) {
  const int32_t h = height_axis;
  const WindowRows geometry = {
      whole.input_shape[h], whole.before[h] + whole.input_shape[h] + whole.after[h], 1, 1, 1,
      whole.before[h]};
  RowStrip<PadParams> strip{whole, InputRowsRead(geometry, output_rows)};
  for (int32_t d = 0; d < h; ++d) {
    strip.params.input_shape[d] = 1;
    strip.params.before[d] = strip.params.after[d] = 0;
  }
  const int32_t rows = output_rows.Rows();
  const int32_t pad_top = StripPadTop(geometry, output_rows.begin, strip.input_rows);
  strip.params.input_shape[h] = strip.input_rows.Rows();
  strip.params.before[h] = pad_top < 0 ? 0 : (pad_top > rows ? rows : pad_top);
  strip.params.after[h] = rows - strip.params.before[h] - strip.input_rows.Rows();
  return strip;
}

}  // namespace arenastore::kernels
