#include "kernels/row_strip.h"

#include <gtest/gtest.h>

#include <string>

#include "kernels/param_types.h"
#include "ops/conv2d/conv2d.h"
#include "ops/depthwise_conv2d/depthwise_conv2d.h"
#include "ops/pad/pad.h"

// The geometry of row strips on hand-computed cases; that strips run bit-exactly on every
// variant is tests/ops/row_strip_sweep_test.cc.
namespace arenastore::kernels {
namespace {

// A conv's vertical geometry (the rest of its params play no part in a strip's rows).
Conv2dParams Conv(int32_t input_h, int32_t output_h, int32_t filter_h, int32_t stride_h,
                  int32_t dilation_h, int32_t pad_top) {
  Conv2dParams p{};
  p.batches = 2;
  p.input_h = input_h;
  p.output_h = output_h;
  p.filter_h = filter_h;
  p.stride_h = stride_h;
  p.dilation_h = dilation_h;
  p.pad_top = pad_top;
  return p;
}

struct Expected {
  RowRange input_rows;
  int32_t pad_top;
};

void ExpectStrip(const Conv2dParams& whole, RowRange output_rows, Expected expected) {
  const RowStrip<Conv2dParams> strip = RowStripOf(whole, output_rows);
  EXPECT_EQ(strip.input_rows, expected.input_rows)
      << "output rows [" << output_rows.begin << ", " << output_rows.end << "): input rows ["
      << strip.input_rows.begin << ", " << strip.input_rows.end << ")";
  EXPECT_EQ(strip.params.pad_top, expected.pad_top);
  EXPECT_EQ(strip.params.input_h, expected.input_rows.Rows());
  EXPECT_EQ(strip.params.output_h, output_rows.Rows());
  EXPECT_EQ(strip.params.batches, 1);  // a strip is one image's rows
}

// 9 rows, 3x3 stride 1 SAME (one row of padding above, one below): the first strip keeps the top
// padding, an interior strip reads one row either side, the last reaches the real bottom.
TEST(RowStrip, SamePaddingFirstInteriorAndLastStrip) {
  const Conv2dParams same = Conv(9, 9, 3, 1, 1, 1);
  ExpectStrip(same, {0, 3}, {{0, 4}, 1});
  ExpectStrip(same, {3, 6}, {{2, 7}, 0});
  ExpectStrip(same, {6, 9}, {{5, 9}, 0});  // row 8's window reaches row 9: padding, as whole
  ExpectStrip(same, {0, 9}, {{0, 9}, 1});  // one strip is the whole op
}

// 9 rows, 3x3 stride 2 SAME: 5 output rows, windows starting at -1, 1, 3, 5, 7.
TEST(RowStrip, StrideTwoStartsEachStripAtItsFirstWindow) {
  const Conv2dParams strided = Conv(9, 5, 3, 2, 1, 1);
  ExpectStrip(strided, {0, 1}, {{0, 2}, 1});
  ExpectStrip(strided, {1, 3}, {{1, 6}, 0});
  ExpectStrip(strided, {3, 5}, {{5, 9}, 0});
}

// 10 rows, 3 taps dilated 2 (5 rows tall) SAME: two rows of padding above.
TEST(RowStrip, DilationTwoReadsTheWholeDilatedWindow) {
  const Conv2dParams dilated = Conv(10, 10, 3, 1, 2, 2);
  ExpectStrip(dilated, {0, 2}, {{0, 4}, 2});
  ExpectStrip(dilated, {4, 7}, {{2, 9}, 0});
  ExpectStrip(dilated, {8, 10}, {{6, 10}, 0});
}

// 8 rows, 3x3 stride 2 VALID: 3 output rows; row 7 is read by no window and handed to no strip.
TEST(RowStrip, ValidPaddingLeavesUnreadRowsOut) {
  const Conv2dParams valid = Conv(8, 3, 3, 2, 1, 0);
  ExpectStrip(valid, {0, 1}, {{0, 3}, 0});
  ExpectStrip(valid, {1, 3}, {{2, 7}, 0});
  ExpectStrip(valid, {0, 3}, {{0, 7}, 0});
}

// A pool has no dilation field (its windows are contiguous); a window wholly in a pool's top
// padding reads no row: an empty range, with pad_top placing the window where it was.
TEST(RowStrip, PoolsReadContiguousWindowsAndMayReadNoRow) {
  Pool2dParams pool{};
  pool.batches = 1;
  pool.input_h = 4;
  pool.output_h = 4;
  pool.filter_h = 2;
  pool.stride_h = 1;
  pool.pad_top = 3;  // windows start at -3, -2, -1, 0
  const RowStrip<Pool2dParams> padding_only = RowStripOf(pool, {0, 1});
  EXPECT_EQ(padding_only.input_rows, (RowRange{0, 0}));
  EXPECT_EQ(padding_only.params.pad_top, 3);
  const RowStrip<Pool2dParams> last = RowStripOf(pool, {2, 4});
  EXPECT_EQ(last.input_rows, (RowRange{0, 2}));
  EXPECT_EQ(last.params.pad_top, 1);
}

// The depthwise conv's params carry the same fields as the conv's; the rest are untouched.
TEST(RowStrip, KeepsEveryFieldButTheRows) {
  DepthwiseConv2dParams whole{};
  whole.batches = 3;
  whole.input_h = 12;
  whole.input_w = 7;
  whole.input_c = 5;
  whole.depth_multiplier = 2;
  whole.filter_h = 3;
  whole.filter_w = 3;
  whole.output_h = 6;
  whole.output_w = 4;
  whole.output_c = 10;
  whole.stride_h = 2;
  whole.stride_w = 2;
  whole.dilation_h = 1;
  whole.dilation_w = 1;
  whole.pad_top = 0;
  whole.pad_left = 1;
  const RowStrip<DepthwiseConv2dParams> strip = RowStripOf(whole, {2, 4});
  EXPECT_EQ(strip.input_rows, (RowRange{4, 9}));
  EXPECT_EQ(strip.params.input_h, 5);
  EXPECT_EQ(strip.params.output_h, 2);
  EXPECT_EQ(strip.params.pad_top, 0);
  EXPECT_EQ(strip.params.input_w, 7);
  EXPECT_EQ(strip.params.output_w, 4);
  EXPECT_EQ(strip.params.output_c, 10);
  EXPECT_EQ(strip.params.pad_left, 1);
  EXPECT_EQ(strip.params.depth_multiplier, 2);
}

// One row of a per-pixel op's geometry maps to itself: the identity needs no strip function.
TEST(RowStrip, OneByOneStrideOneReadsItsOwnRows) {
  const Conv2dParams pointwise = Conv(9, 9, 1, 1, 1, 0);
  ExpectStrip(pointwise, {4, 7}, {{4, 7}, 0});
}

// A 3x5x4x2 NHWC pad with 2 rows before and 1 after (8 output rows): each strip's own padding is
// what is left of its rows above and below the input rows it reads, and it is one image.
TEST(RowStrip, PadStripsCarryTheirShareOfThePadding) {
  PadParams pad{};
  pad.rank = 4;
  const int32_t shape[] = {3, 5, 4, 2}, before[] = {0, 2, 1, 0}, after[] = {0, 1, 1, 0};
  for (int d = 0; d < 4; ++d) {
    pad.input_shape[d] = shape[d];
    pad.before[d] = before[d];
    pad.after[d] = after[d];
  }
  struct Expected {
    RowRange output_rows, input_rows;
    int32_t before_h, after_h;
  };
  const Expected strips[] = {
      {{0, 2}, {0, 0}, 2, 0},  // wholly above the input: padding only
      {{1, 4}, {0, 2}, 1, 0},  // straddles the top
      {{3, 8}, {1, 5}, 0, 1},  // reaches the real bottom
      {{7, 8}, {5, 5}, 0, 1},  // wholly below the input
      {{0, 8}, {0, 5}, 2, 1},  // the whole pad
  };
  for (const Expected& expected : strips) {
    const RowStrip<PadParams> strip = PadRowStripOf(pad, /*height_axis=*/1, expected.output_rows);
    SCOPED_TRACE("output rows [" + std::to_string(expected.output_rows.begin) + ", " +
                 std::to_string(expected.output_rows.end) + ")");
    EXPECT_EQ(strip.input_rows, expected.input_rows);
    EXPECT_EQ(strip.params.input_shape[1], expected.input_rows.Rows());
    EXPECT_EQ(strip.params.before[1], expected.before_h);
    EXPECT_EQ(strip.params.after[1], expected.after_h);
    EXPECT_EQ(strip.params.input_shape[0], 1);
    EXPECT_EQ(strip.params.before[2], 1);  // the width's padding is untouched
    EXPECT_EQ(strip.params.input_shape[3], 2);
  }
}

}  // namespace
}  // namespace arenastore::kernels
