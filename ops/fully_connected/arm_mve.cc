#include "ops/fully_connected/arm_mve.h"

#include "kernels/arm_mve/helium.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_mve {
namespace {

constexpr const char* kName = "fully_connected/arm_mve";
constexpr int32_t kRowsPerPass = 4;

// The folded sums wrap like the int32 accumulator would; the exact total fits int32 whenever
// ref's does, so modulo-2^32 arithmetic gives ref's value.
int32_t WrappingSum(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
int32_t WrappingProduct(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}

int8_t Requantize(const FullyConnectedParams& p, const int32_t* bias, int32_t o, int32_t sum) {
  if (bias != nullptr) sum = WrappingSum(sum, bias[o]);
  const int32_t q = p.requant.count == 1 ? 0 : o;
  return ref::RequantizeToInt8(sum, p.requant.multipliers[q], p.requant.shifts[q],
                               p.output_zero_point, p.activation_min, p.activation_max);
}

// One input row against every filter row, four filter rows per pass.
void RowTimesFilter(const FullyConnectedParams& p, const int8_t* row, const int8_t* filter,
                    const int32_t* filter_sums, const int32_t* bias, int8_t* output) {
  const int32_t input_offset = -p.input_zero_point;
  const int32_t filter_offset = -p.filter_zero_point;
  const int32_t depth = p.input_depth;
  const int32_t constant_term =
      WrappingProduct(WrappingProduct(depth, input_offset), filter_offset);
  for (int32_t o = 0; o < p.output_depth; o += kRowsPerPass) {
    const int32_t count = p.output_depth - o < kRowsPerPass ? p.output_depth - o : kRowsPerPass;
    const int8_t* weights[kRowsPerPass];
    for (int32_t i = 0; i < kRowsPerPass; ++i) {
      weights[i] = filter + static_cast<ptrdiff_t>(o + (i < count ? i : 0)) * depth;
    }
    const FourDots dots = DotFourS8(weights[0], weights[1], weights[2], weights[3], row, depth);
    const int32_t row_term = WrappingSum(WrappingProduct(filter_offset, dots.sum_b), constant_term);
    for (int32_t i = 0; i < count; ++i) {
      const int32_t filter_term = WrappingProduct(input_offset, filter_sums[o + i]);
      output[o + i] =
          Requantize(p, bias, o + i, WrappingSum(WrappingSum(dots.dot[i], filter_term), row_term));
    }
  }
}

}  // namespace

size_t FullyConnectedScratchBytes(const FullyConnectedParams& params) {
  return params.output_depth > 0 ? sizeof(int32_t) * static_cast<size_t>(params.output_depth) : 0;
}

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), FullyConnectedScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kName));
  const FullyConnectedParams& p = params;
  if (p.output_depth == 0 || p.batches == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(ref::CheckInt32Aligned(scratch.data(), kName));
  auto* filter_sums = reinterpret_cast<int32_t*>(scratch.data());
  for (int32_t o = 0; o < p.output_depth; ++o) {
    filter_sums[o] = SumS8(filter + static_cast<ptrdiff_t>(o) * p.input_depth, p.input_depth);
  }
  for (int32_t b = 0; b < p.batches; ++b) {
    RowTimesFilter(p, input + static_cast<ptrdiff_t>(b) * p.input_depth, filter, filter_sums, bias,
                   output + static_cast<ptrdiff_t>(b) * p.output_depth);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_mve
