#include "kernels/filter_taps.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace arenastore::kernels::ref {
namespace {

// The taps a brute-force scan finds inside [0, input_size) (64-bit positions).
FilterTaps ScanTaps(int32_t origin, int32_t dilation, int32_t filter_size, int32_t input_size) {
  int32_t begin = -1;
  int32_t end = -1;
  for (int32_t k = 0; k < filter_size; ++k) {
    const int64_t position = int64_t{origin} + int64_t{k} * dilation;
    if (position < 0 || position >= input_size) continue;
    if (begin < 0) begin = k;
    end = k + 1;
  }
  return begin < 0 ? FilterTaps{0, 0} : FilterTaps{begin, end};
}

TEST(FilterTaps, SkipsTapsBeforeAndAfterTheInput) {
  // Filter 3 at origin -1 over 4 inputs: tap 0 reads -1 (padding), taps 1 and 2 read 0 and 1.
  const FilterTaps leading = FilterTapsInside(-1, 1, 3, 4);
  EXPECT_EQ(leading.begin, 1);
  EXPECT_EQ(leading.end, 3);
  // At origin 2: taps read 2, 3, 4; the last is past the end.
  const FilterTaps trailing = FilterTapsInside(2, 1, 3, 4);
  EXPECT_EQ(trailing.begin, 0);
  EXPECT_EQ(trailing.end, 2);
}

TEST(FilterTaps, DilationStepsOverPaddingInWholeTaps) {
  // Dilation 2 at origin -3: taps read -3, -1, 1, 3; only taps 2 and 3 are inside 5 inputs.
  const FilterTaps taps = FilterTapsInside(-3, 2, 4, 5);
  EXPECT_EQ(taps.begin, 2);
  EXPECT_EQ(taps.end, 4);
}

TEST(FilterTaps, AWindowWhollyInThePaddingIsEmpty) {
  EXPECT_TRUE(FilterTapsInside(-5, 1, 3, 4).Empty());  // reads -5..-3
  EXPECT_TRUE(FilterTapsInside(4, 1, 3, 4).Empty());   // reads 4..6
  EXPECT_TRUE(FilterTapsInside(-1, 3, 1, 4).Empty());  // one tap, at -1
  EXPECT_TRUE(FilterTapsInside(0, 1, 3, 0).Empty());   // no input at all
}

TEST(FilterTaps, AgreesWithABruteForceScan) {
  int non_empty = 0;
  for (int32_t input_size = 0; input_size <= 7; ++input_size) {
    for (int32_t filter_size = 1; filter_size <= 5; ++filter_size) {
      for (int32_t dilation = 1; dilation <= 3; ++dilation) {
        for (int32_t origin = -12; origin <= 9; ++origin) {
          const FilterTaps actual = FilterTapsInside(origin, dilation, filter_size, input_size);
          const FilterTaps expected = ScanTaps(origin, dilation, filter_size, input_size);
          non_empty += !expected.Empty();
          ASSERT_EQ(actual.Empty(), expected.Empty())
              << "origin " << origin << " dilation " << dilation << " filter " << filter_size
              << " input " << input_size;
          if (expected.Empty()) continue;
          EXPECT_EQ(actual.begin, expected.begin)
              << "origin " << origin << " dilation " << dilation << " filter " << filter_size;
          EXPECT_EQ(actual.end, expected.end)
              << "origin " << origin << " dilation " << dilation << " filter " << filter_size;
        }
      }
    }
  }
  EXPECT_GT(non_empty, 500);
}

TEST(FilterTaps, ExtremeOriginsDoNotOverflow) {
  EXPECT_TRUE(FilterTapsInside(INT32_MIN, 1, 3, 10).Empty());
  EXPECT_TRUE(FilterTapsInside(INT32_MAX, 1, 3, 10).Empty());
  // A huge dilation still lands tap 1 at INT32_MIN + 2 + INT32_MAX = 1, inside the input.
  for (const auto& [origin, dilation] :
       {std::pair{INT32_MIN + 2, INT32_MAX}, std::pair{INT32_MIN, INT32_MAX},
        std::pair{-5, INT32_MAX}}) {
    const FilterTaps actual = FilterTapsInside(origin, dilation, 3, 10);
    const FilterTaps expected = ScanTaps(origin, dilation, 3, 10);
    EXPECT_EQ(actual.Empty(), expected.Empty()) << origin;
    if (!expected.Empty()) {
      EXPECT_EQ(actual.begin, expected.begin) << origin;
      EXPECT_EQ(actual.end, expected.end) << origin;
    }
  }
  EXPECT_EQ(FilterTapsInside(INT32_MIN + 2, INT32_MAX, 3, 10).begin, 1);
}

// A conv geometry of its own: FilterWindowAt and ForEachFilterWindow take any params with these
// fields.
struct Geometry {
  int32_t batches, input_h, input_w, input_c, output_h, output_w, output_c;
  int32_t filter_h, filter_w, stride_h, stride_w, dilation_h, dilation_w, pad_top, pad_left;
};

TEST(FilterWindow, ClipsBothDimensionsAtThePixelsOrigin) {
  const Geometry g = {1, 4, 5, 1, 2, 3, 1, 3, 3, 2, 2, 1, 1, 1, 1};
  const FilterWindow corner = FilterWindowAt(g, 0, 0);
  EXPECT_EQ(corner.origin_y, -1);
  EXPECT_EQ(corner.origin_x, -1);
  EXPECT_EQ(corner.ys.begin, 1);
  EXPECT_EQ(corner.xs.begin, 1);
  const FilterWindow last = FilterWindowAt(g, 1, 2);  // origin (1, 3): column 5 is past the end
  EXPECT_EQ(last.ys.begin, 0);
  EXPECT_EQ(last.ys.end, 3);
  EXPECT_EQ(last.xs.end, 2);
}

TEST(FilterWindow, VisitsEveryPixelInOrderWithItsBatchImage) {
  const Geometry g = {2, 2, 2, 3, 1, 2, 4, 1, 1, 2, 1, 1, 1, 0, 0};
  const int8_t input[2 * 2 * 2 * 3] = {};
  int8_t output[2 * 1 * 2 * 4] = {};
  int32_t visits = 0;
  ForEachFilterWindow(g, input, output,
                      [&](const FilterWindow& w, const int8_t* image, int8_t* out) {
                        const int32_t b = visits / 2, x = visits % 2;
                        EXPECT_EQ(image, input + b * 2 * 2 * 3) << visits;
                        EXPECT_EQ(out, output + visits * 4) << visits;
                        EXPECT_EQ(w.origin_x, x) << visits;
                        ++visits;
                      });
  EXPECT_EQ(visits, 4);
}

}  // namespace
}  // namespace arenastore::kernels::ref
