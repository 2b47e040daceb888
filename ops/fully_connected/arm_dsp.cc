#include "ops/fully_connected/arm_dsp.h"

#include "kernels/arm_dsp/simd32.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr const char* kName = "fully_connected/arm_dsp";

struct RowSums {
  int32_t first;
  int32_t second;
};

// sum_d (row[d] + input_offset) * (weights[d] + filter_offset) for two weight rows at once.
RowSums DotTwoRows(const FullyConnectedParams& p, const int8_t* row, const int8_t* weights0,
                   const int8_t* weights1) {
  const int32_t input_offset = -p.input_zero_point;
  const int32_t filter_offset = -p.filter_zero_point;
  const uint32_t input_pair = PackPair(input_offset, input_offset);
  const uint32_t filter_pair = PackPair(filter_offset, filter_offset);
  RowSums sums = {0, 0};
  int32_t d = 0;
  for (; d + 4 <= p.input_depth; d += 4) {
    const OffsetPairs x = WidenWithOffset(LoadWord(row + d), input_pair);
    const OffsetPairs w0 = WidenWithOffset(LoadWord(weights0 + d), filter_pair);
    const OffsetPairs w1 = WidenWithOffset(LoadWord(weights1 + d), filter_pair);
    sums.first = Smlad(x.odd, w0.odd, Smlad(x.even, w0.even, sums.first));
    sums.second = Smlad(x.odd, w1.odd, Smlad(x.even, w1.even, sums.second));
  }
  for (; d < p.input_depth; ++d) {
    const int32_t x = row[d] + input_offset;
    sums.first += x * (weights0[d] + filter_offset);
    sums.second += x * (weights1[d] + filter_offset);
  }
  return sums;
}

int8_t Requantize(const FullyConnectedParams& p, const int32_t* bias, int32_t o, int32_t sum) {
  if (bias != nullptr) sum = WrappingAdd(sum, bias[o]);
  const int32_t q = p.requant.count == 1 ? 0 : o;
  return ref::RequantizeToInt8(sum, p.requant.multipliers[q], p.requant.shifts[q],
                               p.output_zero_point, p.activation_min, p.activation_max);
}

}  // namespace

size_t FullyConnectedScratchBytes(const FullyConnectedParams&) { return 0; }

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), FullyConnectedScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kName));
  const FullyConnectedParams& p = params;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* row = input + static_cast<ptrdiff_t>(b) * p.input_depth;
    for (int32_t o = 0; o < p.output_depth; o += 2) {
      const int8_t* weights0 = filter + static_cast<ptrdiff_t>(o) * p.input_depth;
      const bool has_second = o + 1 < p.output_depth;
      const int8_t* weights1 = has_second ? weights0 + p.input_depth : weights0;
      const RowSums sums = DotTwoRows(p, row, weights0, weights1);
      output[o] = Requantize(p, bias, o, sums.first);
      if (has_second) output[o + 1] = Requantize(p, bias, o + 1, sums.second);
    }
    output += p.output_depth;
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_dsp
