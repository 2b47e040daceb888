#include "ops/fully_connected/arm_dsp.h"

#include "kernels/arm_dsp/requantize_dsp.h"
#include "kernels/arm_dsp/simd32.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr const char* kName = "fully_connected/arm_dsp";

constexpr int32_t kRowsPerPass = 4;

// Wrapping int32 product: every term of the dot product is kept modulo 2^32, as ref's int32
// accumulator is, so regrouping the sum (below) cannot change the result.
int32_t WrappingProduct(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}

// sums[k] += sum_d (row[d] + input_offset) * weights_k[d] for the four weight rows
// weights + k * depth (the caller starts them at bias plus row term: modulo 2^32 the order of
// the adds does not matter).
// Each input word is widened (with the offset, SXTAB16) once for the four rows, and the raw
// weights are widened with SXTB16: no filter offset is held (RowTerm adds it per input row).
// Kept out of line so its loop has the registers to itself.
[[gnu::noinline]] void DotFourRows(const int8_t* row, const int8_t* weights, int32_t depth,
                                   uint32_t input_pair, int32_t sums[4]) {
  const int8_t* w0 = weights;
  const int8_t* w2 = weights + 2 * static_cast<ptrdiff_t>(depth);
  const int8_t* const words_end = row + (depth & ~3);
  int32_t s0 = sums[0], s1 = sums[1], s2 = sums[2], s3 = sums[3];
#if defined(__ARM_FEATURE_DSP)
  // The word loop by hand: compiled, GCC 12 keeps the row pointers on the stack (about 34
  // instructions a word instead of 24). 14 values in 14 registers: rows 1 and 3 are read at
  // [w0 + depth] and [w2 + depth] before w0 and w2 step, so two pointers serve four rows. Two
  // words per turn, then the odd word.
  uint32_t x, x_even, w, t;
// clang-format off
#define ARENASTORE_FC_ROW(ADDRESS, SUM)                 \
  "ldr %[w], " ADDRESS "\n\t"                          \
  "sxtb16 %[t], %[w]\n\t"                              \
  "smlad " SUM ", %[x_even], %[t], " SUM "\n\t"        \
  "sxtb16 %[w], %[w], ror #8\n\t"                      \
  "smlad " SUM ", %[x], %[w], " SUM "\n\t"
#define ARENASTORE_FC_WORD                              \
  "ldr %[x], [%[row]], #4\n\t"                         \
  "sxtab16 %[x_even], %[pair], %[x]\n\t"               \
  "sxtab16 %[x], %[pair], %[x], ror #8\n\t"            \
  ARENASTORE_FC_ROW("[%[w0], %[depth]]", "%[s1]")      \
  ARENASTORE_FC_ROW("[%[w0]], #4", "%[s0]")            \
  ARENASTORE_FC_ROW("[%[w2], %[depth]]", "%[s3]")      \
  ARENASTORE_FC_ROW("[%[w2]], #4", "%[s2]")
#define ARENASTORE_FC_OPERANDS                                                             \
  : [row] "+r"(row), [w0] "+r"(w0), [w2] "+r"(w2), [s0] "+r"(s0), [s1] "+r"(s1),          \
    [s2] "+r"(s2), [s3] "+r"(s3), [x] "=&r"(x), [x_even] "=&r"(x_even), [w] "=&r"(w),     \
    [t] "=&r"(t)                                                                            \
  : [end] "r"(pairs_end), [pair] "r"(input_pair), [depth] "r"(depth)                       \
  : "cc", "memory"
  // clang-format on
  const int8_t* const pairs_end = row + (depth & ~7);
  if (row != pairs_end) {
    __asm__ volatile("1:\n\t" ARENASTORE_FC_WORD ARENASTORE_FC_WORD
                     "cmp %[row], %[end]\n\t"
                     "bne 1b" ARENASTORE_FC_OPERANDS);
  }
  if (row != words_end) __asm__ volatile(ARENASTORE_FC_WORD ARENASTORE_FC_OPERANDS);
#undef ARENASTORE_FC_OPERANDS
#undef ARENASTORE_FC_WORD
#undef ARENASTORE_FC_ROW
#else
  while (row != words_end) {
    const uint32_t x = LoadWord(row);
    row += 4;
    const uint32_t x_even = Sxtab16(input_pair, x);
    const uint32_t x_odd = Sxtab16High(input_pair, x);
    uint32_t w = LoadWord(w0);
    s0 = Smlad(x_odd, Sxtb16High(w), Smlad(x_even, Sxtb16(w), s0));
    w = LoadWord(w0 + depth);
    s1 = Smlad(x_odd, Sxtb16High(w), Smlad(x_even, Sxtb16(w), s1));
    w = LoadWord(w2);
    s2 = Smlad(x_odd, Sxtb16High(w), Smlad(x_even, Sxtb16(w), s2));
    w = LoadWord(w2 + depth);
    s3 = Smlad(x_odd, Sxtb16High(w), Smlad(x_even, Sxtb16(w), s3));
    w0 += 4;
    w2 += 4;
  }
#endif
  const int32_t input_offset = LowLane(input_pair);
  for (int32_t d = 0; d < (depth & 3); ++d) {
    const int32_t x = row[d] + input_offset;
    s0 = WrappingAdd(s0, x * w0[d]);
    s1 = WrappingAdd(s1, x * w0[depth + d]);
    s2 = WrappingAdd(s2, x * w2[d]);
    s3 = WrappingAdd(s3, x * w2[depth + d]);
  }
  sums[0] = s0;
  sums[1] = s1;
  sums[2] = s2;
  sums[3] = s3;
}

// DotFourRows for one weight row (the last output_depth % 4 rows), from `sum`.
int32_t DotOneRow(const int8_t* row, const int8_t* weights, int32_t depth, uint32_t input_pair,
                  int32_t sum) {
  const int8_t* const words_end = row + (depth & ~3);
  const int8_t* const end = row + depth;
  while (row != words_end) {
    const uint32_t x = LoadWord(row);
    const uint32_t w = LoadWord(weights);
    row += 4;
    weights += 4;
    sum = Smlad(Sxtab16High(input_pair, x), Sxtb16High(w),
                Smlad(Sxtab16(input_pair, x), Sxtb16(w), sum));
  }
  const int32_t input_offset = LowLane(input_pair);
  while (row != end) sum = WrappingAdd(sum, (*row++ + input_offset) * *weights++);
  return sum;
}

// What one input row adds to every output beyond sum (x + input_offset) * w: with a filter
// offset f, sum (x + a)(w + f) = sum (x + a) w + f * sum (x + a). Computed once per input row;
// 0 for TensorFlow Lite's symmetric int8 weights.
int32_t RowTerm(const FullyConnectedParams& p, const int8_t* row) {
  const int32_t filter_offset = -p.filter_zero_point;
  if (filter_offset == 0) return 0;
  int32_t row_sum = 0;
  for (int32_t d = 0; d < p.input_depth; ++d) row_sum = WrappingAdd(row_sum, row[d]);
  return WrappingProduct(filter_offset,
                         WrappingAdd(row_sum, WrappingProduct(p.input_depth, -p.input_zero_point)));
}

// One output from its accumulator (bias and row term already in): kPerChannel reads channel
// o's scale, else `tensor_scale` (hoisted per call); kShortShift (every right shift in 1..23)
// takes ScaleForInt8Output; kFullRange clamps with one SSAT. Inlined so the per-call values stay
// in registers across a pass.
template <bool kPerChannel, bool kShortShift, bool kFullRange>
[[gnu::always_inline]] inline int8_t OutputOf(const FullyConnectedParams& p,
                                              const ChannelScale& tensor_scale, int32_t zero_point,
                                              int32_t o, int32_t sum) {
  const ChannelScale scale =
      kPerChannel ? ChannelScaleOf(p.requant.multipliers[o], p.requant.shifts[o]) : tensor_scale;
  const int32_t scaled =
      kShortShift ? ScaleForInt8Output(sum, scale) : ScaleAccumulator(sum, scale);
  if constexpr (kFullRange) {
    return static_cast<int8_t>(SaturateToInt8(WrappingAdd(scaled, zero_point)));
  } else {
    return static_cast<int8_t>(ToInt8Range(scaled, zero_point, p.activation_min, p.activation_max));
  }
}

// Stands in for an absent bias: four zeros, read as bias + o would be.
constexpr int32_t kNoBias[4] = {0, 0, 0, 0};

// Every output of every input row: four weight rows per DotFourRows pass, the last
// output_depth % 4 one at a time. Needs output_depth >= 1 (reads requantization entry 0).
template <bool kPerChannel, bool kShortShift, bool kFullRange>
void MultiplyAll(const FullyConnectedParams& p, const int8_t* input, const int8_t* filter,
                 const int32_t* bias, int8_t* output) {
  const int32_t depth = p.input_depth;
  const uint32_t input_pair = PackPair(-p.input_zero_point, -p.input_zero_point);
  const int32_t four_rows_end = p.output_depth & ~(kRowsPerPass - 1);
  const ptrdiff_t pass_stride = static_cast<ptrdiff_t>(kRowsPerPass) * depth;
  const ChannelScale tensor_scale = ChannelScaleOf(p.requant.multipliers[0], p.requant.shifts[0]);
  const int32_t zero_point = p.output_zero_point;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* row = input + static_cast<ptrdiff_t>(b) * depth;
    const int32_t row_term = RowTerm(p, row);
    const int8_t* weights = filter;
    int32_t o = 0;
    for (; o < four_rows_end; o += kRowsPerPass) {
      const int32_t* bias_at = bias != nullptr ? bias + o : kNoBias;
      int32_t sums[kRowsPerPass] = {
          WrappingAdd(bias_at[0], row_term), WrappingAdd(bias_at[1], row_term),
          WrappingAdd(bias_at[2], row_term), WrappingAdd(bias_at[3], row_term)};
      DotFourRows(row, weights, depth, input_pair, sums);
      weights += pass_stride;
      for (int32_t k = 0; k < kRowsPerPass; ++k) {
        output[k] = OutputOf<kPerChannel, kShortShift, kFullRange>(p, tensor_scale, zero_point,
                                                                   o + k, sums[k]);
      }
      output += kRowsPerPass;
    }
    for (; o < p.output_depth; ++o) {
      const int32_t start = WrappingAdd(bias != nullptr ? bias[o] : 0, row_term);
      *output++ = OutputOf<kPerChannel, kShortShift, kFullRange>(
          p, tensor_scale, zero_point, o, DotOneRow(row, weights, depth, input_pair, start));
      weights += depth;
    }
  }
}

// Every right shift in 1..23 (ScaleForInt8Output applies): one check per call.
bool AllShortRightShifts(const FullyConnectedParams& p) {
  for (int32_t q = 0; q < p.requant.count; ++q) {
    if (!HasShortRightShift(ChannelScaleOf(p.requant.multipliers[q], p.requant.shifts[q]))) {
      return false;
    }
  }
  return true;
}

template <bool kPerChannel>
void MultiplyAllRanged(const FullyConnectedParams& p, const int8_t* input, const int8_t* filter,
                       const int32_t* bias, int8_t* output) {
  const bool short_shift = AllShortRightShifts(p);
  if (IsFullInt8Range(p.activation_min, p.activation_max)) {
    if (short_shift) return MultiplyAll<kPerChannel, true, true>(p, input, filter, bias, output);
    return MultiplyAll<kPerChannel, false, true>(p, input, filter, bias, output);
  }
  if (short_shift) return MultiplyAll<kPerChannel, true, false>(p, input, filter, bias, output);
  MultiplyAll<kPerChannel, false, false>(p, input, filter, bias, output);
}

}  // namespace

size_t FullyConnectedScratchBytes(const FullyConnectedParams&) { return 0; }

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), FullyConnectedScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kName));
  // No output channel: the requantization may have no entries, and MultiplyAll reads entry 0.
  if (params.output_depth == 0) return Status::Ok();
  if (params.requant.count != 1) {
    MultiplyAllRanged<true>(params, input, filter, bias, output);
  } else {
    MultiplyAllRanged<false>(params, input, filter, bias, output);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_dsp
