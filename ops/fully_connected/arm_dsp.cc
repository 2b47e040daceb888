#include "ops/fully_connected/arm_dsp.h"

#include "kernels/arm_dsp/requantize_dsp.h"
#include "kernels/arm_dsp/simd32.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr const char* kName = "fully_connected/arm_dsp";

constexpr int32_t kRowsPerStep = 4;

// The int8 weights of one word as the pairs (w0, w2) and (w1, w3), plus the filter offset when
// the weights have one (TensorFlow Lite's int8 weights are symmetric: then no offset register is
// held, which keeps the four-row loop below in the M4's registers).
template <bool kFilterOffset>
OffsetPairs WidenWeights(uint32_t word, uint32_t filter_pair) {
  if constexpr (kFilterOffset) return WidenWithOffset(word, filter_pair);
  return {Sxtb16(word), Sxtb16High(word)};
}

// sum_d (row[d] + input_offset) * (weights_k[d] + filter_offset) for four weight rows at once:
// each input word is widened once for all four. Rows past the output (a short last step) repeat
// the last real row; their sums are dropped. The sums are locals: an int8 load may alias any
// memory, so sums kept in an array would be stored at every step.
template <bool kFilterOffset>
void DotFourRows(const FullyConnectedParams& p, const int8_t* row, const int8_t* const weights[4],
                 int32_t sums[4]) {
  const int32_t input_offset = -p.input_zero_point;
  const int32_t filter_offset = -p.filter_zero_point;
  const uint32_t input_pair = PackPair(input_offset, input_offset);
  const uint32_t filter_pair = PackPair(filter_offset, filter_offset);
  const int8_t* w0_row = weights[0];
  const int8_t* w1_row = weights[1];
  const int8_t* w2_row = weights[2];
  const int8_t* w3_row = weights[3];
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  int32_t d = 0;
  for (; d + 4 <= p.input_depth; d += 4) {
    const OffsetPairs x = WidenWithOffset(LoadWord(row + d), input_pair);
    const OffsetPairs w0 = WidenWeights<kFilterOffset>(LoadWord(w0_row + d), filter_pair);
    s0 = Smlad(x.odd, w0.odd, Smlad(x.even, w0.even, s0));
    const OffsetPairs w1 = WidenWeights<kFilterOffset>(LoadWord(w1_row + d), filter_pair);
    s1 = Smlad(x.odd, w1.odd, Smlad(x.even, w1.even, s1));
    const OffsetPairs w2 = WidenWeights<kFilterOffset>(LoadWord(w2_row + d), filter_pair);
    s2 = Smlad(x.odd, w2.odd, Smlad(x.even, w2.even, s2));
    const OffsetPairs w3 = WidenWeights<kFilterOffset>(LoadWord(w3_row + d), filter_pair);
    s3 = Smlad(x.odd, w3.odd, Smlad(x.even, w3.even, s3));
  }
  for (; d < p.input_depth; ++d) {
    const int32_t x = row[d] + input_offset;
    s0 += x * (w0_row[d] + filter_offset);
    s1 += x * (w1_row[d] + filter_offset);
    s2 += x * (w2_row[d] + filter_offset);
    s3 += x * (w3_row[d] + filter_offset);
  }
  sums[0] = s0;
  sums[1] = s1;
  sums[2] = s2;
  sums[3] = s3;
}

int8_t Requantize(const FullyConnectedParams& p, const int32_t* bias, int32_t o, int32_t sum) {
  if (bias != nullptr) sum = WrappingAdd(sum, bias[o]);
  const int32_t q = p.requant.count == 1 ? 0 : o;
  const ChannelScale scale = ChannelScaleOf(p.requant.multipliers[q], p.requant.shifts[q]);
  return static_cast<int8_t>(ToInt8Range(ScaleAccumulator(sum, scale), p.output_zero_point,
                                         p.activation_min, p.activation_max));
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
    for (int32_t o = 0; o < p.output_depth; o += kRowsPerStep) {
      const int32_t rows = p.output_depth - o < kRowsPerStep ? p.output_depth - o : kRowsPerStep;
      const int8_t* weights[kRowsPerStep];
      for (int32_t k = 0; k < kRowsPerStep; ++k) {
        weights[k] = filter + static_cast<ptrdiff_t>(o + (k < rows ? k : rows - 1)) * p.input_depth;
      }
      int32_t sums[kRowsPerStep];
      if (p.filter_zero_point == 0) {
        DotFourRows<false>(p, row, weights, sums);
      } else {
        DotFourRows<true>(p, row, weights, sums);
      }
      for (int32_t k = 0; k < rows; ++k) output[o + k] = Requantize(p, bias, o + k, sums[k]);
    }
    output += p.output_depth;
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_dsp
