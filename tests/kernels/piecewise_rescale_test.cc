#include "kernels/piecewise_rescale.h"

#include <gtest/gtest.h>

#include <vector>

namespace arenastore::kernels {
namespace {

constexpr char kName[] = "test/ref";

TableLookupParams ParamsOver(const std::vector<uint8_t>& record, int32_t elements) {
  return {reinterpret_cast<const int8_t*>(record.data()), elements};
}

std::vector<uint8_t> Encoded(const PiecewiseRescale& r) {
  std::vector<uint8_t> bytes(kPiecewiseRescaleBytes);
  EncodePiecewiseRescale(r, bytes.data());
  return bytes;
}

TEST(PiecewiseRescale, RoundTripsThroughItsLittleEndianBytes) {
  const PiecewiseRescale r = {-3, 7, 1518500250, -2, -1073741824, 30, -32768, 32767};
  const std::vector<uint8_t> bytes = Encoded(r);
  EXPECT_EQ(bytes[0], 0xFD);  // -3, low byte first
  EXPECT_EQ(bytes[3], 0xFF);
  const PiecewiseRescale back =
      DecodePiecewiseRescale(reinterpret_cast<const int8_t*>(bytes.data()));
  EXPECT_EQ(back.input_zero_point, r.input_zero_point);
  EXPECT_EQ(back.output_zero_point, r.output_zero_point);
  EXPECT_EQ(back.non_negative_multiplier, r.non_negative_multiplier);
  EXPECT_EQ(back.non_negative_shift, r.non_negative_shift);
  EXPECT_EQ(back.negative_multiplier, r.negative_multiplier);
  EXPECT_EQ(back.negative_shift, r.negative_shift);
  EXPECT_EQ(back.output_min, r.output_min);
  EXPECT_EQ(back.output_max, r.output_max);
}

TEST(PiecewiseRescale, TheIdentityMultiplierIsExactForEveryInt16Value) {
  // relu6's rescale: 2^30 with a left shift of 1, then only the clamp.
  const PiecewiseRescale identity = {0, 0, 1 << 30, 1, 1 << 30, 1, -32768, 32767};
  for (int32_t v = -32768; v <= 32767; ++v) ASSERT_EQ(ApplyPiecewiseRescale(identity, v), v);
}

TEST(PiecewiseRescaleInt16, PicksTheMultiplierBySignOfTheCentredInput) {
  // Centred on 10: above, x * 0.5 (rounded half away from zero); below, x * -0.25; output + 100.
  const std::vector<uint8_t> record = Encoded({10, 100, 1 << 30, 0, -(1 << 30), -1, -32768, 32767});
  const std::vector<int16_t> input = {10, 13, 7, 32767, -32768};
  std::vector<int16_t> output(input.size());
  ASSERT_TRUE(
      ref::PiecewiseRescaleInt16<kName>(ParamsOver(record, 5), input.data(), output.data(), {})
          .ok());
  EXPECT_EQ(output, (std::vector<int16_t>{100, 102, 101, 16479, 8295}));
}

TEST(PiecewiseRescaleInt16, RejectsAShiftMultiplyByQuantizedMultiplierCannotApply) {
  const std::vector<uint8_t> record = Encoded({0, 0, 1 << 30, 31, 1 << 30, 0, -32768, 32767});
  const int16_t input = 1;
  int16_t output = 0;
  const Status status =
      ref::PiecewiseRescaleInt16<kName>(ParamsOver(record, 1), &input, &output, {});
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams);
}

TEST(PiecewiseRescaleInt16, RejectsAnOutputRangeOutsideInt16) {
  const std::vector<uint8_t> record = Encoded({0, 0, 1 << 30, 1, 1 << 30, 1, -40000, 32767});
  const int16_t input = 1;
  int16_t output = 0;
  const Status status =
      ref::PiecewiseRescaleInt16<kName>(ParamsOver(record, 1), &input, &output, {});
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels
