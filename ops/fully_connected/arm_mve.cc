#include "ops/fully_connected/arm_mve.h"

#include "kernels/arm_mve/helium.h"

namespace arenastore::kernels::arm_mve {
namespace {

constexpr const char* kName = "fully_connected/arm_mve";
constexpr int32_t kRowsPerPass = 4;

// The folded sums wrap like the int32 accumulator would; the exact total fits int32 whenever
// ref's does, so modulo-2^32 arithmetic gives ref's value.
int32_t WrappingProduct(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}

// What one input row adds to every output: filter_offset * sum x, plus depth * input_offset *
// filter_offset unless the planner folded that into the bias. TensorFlow Lite's int8 filters are
// symmetric, so this is 0 and the row is not summed.
int32_t RowTerm(const FullyConnectedParams& p, const int8_t* row) {
  const int32_t filter_offset = -p.filter_zero_point;
  if (filter_offset == 0) return 0;
  const int32_t row_sum = SumS8(row, p.input_depth);
  const int32_t depth_term =
      p.folded_bias != nullptr
          ? 0
          : WrappingProduct(WrappingProduct(p.input_depth, -p.input_zero_point), filter_offset);
  return static_cast<int32_t>(static_cast<uint32_t>(WrappingProduct(filter_offset, row_sum)) +
                              static_cast<uint32_t>(depth_term));
}

// Outputs [o, o + lanes): the four accumulators plus the row term and the bias (the folded one
// when the planner made it), then one vector output stage for the four.
void StoreFour(const FullyConnectedParams& p, Int32x4 sums, const int32_t* bias, int32_t row_term,
               int32_t o, int32_t lanes, int8_t* output) {
  sums = AddScalar(sums, row_term);
  if (bias != nullptr) sums = Add(sums, LoadS32(bias + o, lanes));
  const bool per_channel = p.requant.count != 1;
  const Int32x4 multipliers =
      per_channel ? LoadS32(p.requant.multipliers + o, lanes) : Splat(p.requant.multipliers[0]);
  const Int32x4 shifts =
      per_channel ? LoadS32(p.requant.shifts + o, lanes) : Splat(p.requant.shifts[0]);
  StoreS8(output + o,
          RequantizeLanes(sums, multipliers, shifts, p.output_zero_point, p.activation_min,
                          p.activation_max),
          lanes);
}

// Four dot products of filter rows with the input row: with a folded bias the plain products
// (the weight-only terms are in it); without one each pass sums its weight rows while it reads
// them and folds them in (sum (x + a) w = sum x w + a sum w), so nothing is kept between passes.
Int32x4 DotFour(const FullyConnectedParams& p, const int8_t* const weights[4], const int8_t* row) {
  if (p.folded_bias != nullptr) {
    const FourDots dots =
        DotFourS8(weights[0], weights[1], weights[2], weights[3], row, p.input_depth);
    return FromLanes(dots.dot[0], dots.dot[1], dots.dot[2], dots.dot[3]);
  }
  const FourDotsAndSums dots =
      DotFourWithSumsS8(weights[0], weights[1], weights[2], weights[3], row, p.input_depth);
  return Add(FromLanes(dots.dot[0], dots.dot[1], dots.dot[2], dots.dot[3]),
             MulScalar(FromLanes(dots.sum[0], dots.sum[1], dots.sum[2], dots.sum[3]),
                       -p.input_zero_point));
}

// One input row against every filter row, four filter rows per pass.
void RowTimesFilter(const FullyConnectedParams& p, const int8_t* row, const int8_t* filter,
                    const int32_t* bias, int8_t* output) {
  const int32_t depth = p.input_depth;
  const int32_t row_term = RowTerm(p, row);
  const int32_t* const added_bias = p.folded_bias != nullptr ? p.folded_bias : bias;
  for (int32_t o = 0; o < p.output_depth; o += kRowsPerPass) {
    const int32_t count = p.output_depth - o < kRowsPerPass ? p.output_depth - o : kRowsPerPass;
    const int8_t* weights[kRowsPerPass];
    for (int32_t i = 0; i < kRowsPerPass; ++i) {
      // A short last pass repeats its first row; those lanes are computed and not stored.
      weights[i] = filter + static_cast<ptrdiff_t>(o + (i < count ? i : 0)) * depth;
    }
    StoreFour(p, DotFour(p, weights, row), added_bias, row_term, o, count, output);
  }
}

}  // namespace

size_t FullyConnectedScratchBytes(const FullyConnectedParams& /*params*/) { return 0; }

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> /*scratch*/) {
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kName));
  const FullyConnectedParams& p = params;
  for (int32_t b = 0; b < p.batches; ++b) {
    RowTimesFilter(p, input + static_cast<ptrdiff_t>(b) * p.input_depth, filter, bias,
                   output + static_cast<ptrdiff_t>(b) * p.output_depth);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_mve
