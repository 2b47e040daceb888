#include "ops/fully_connected/ref.h"

#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "fully_connected/ref";

int32_t DotWithOffsets(const int8_t* input, int32_t input_offset, const int8_t* weights,
                       int32_t weight_offset, int32_t depth) {
  int32_t sum = 0;
  for (int32_t d = 0; d < depth; ++d)
    sum += (input[d] + input_offset) * (weights[d] + weight_offset);
  return sum;
}

}  // namespace

size_t FullyConnectedScratchBytes(const FullyConnectedParams&) { return 0; }

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), FullyConnectedScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kName));
  const FullyConnectedParams& p = params;
  // Per-channel weights are symmetric (zero point 0), so one formula serves both modes.
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* row = input + static_cast<ptrdiff_t>(b) * p.input_depth;
    for (int32_t o = 0; o < p.output_depth; ++o) {
      int32_t acc = DotWithOffsets(row, -p.input_zero_point,
                                   filter + static_cast<ptrdiff_t>(o) * p.input_depth,
                                   -p.filter_zero_point, p.input_depth);
      if (bias != nullptr) acc = WrappingAdd(acc, bias[o]);
      const int32_t q = p.requant.count == 1 ? 0 : o;
      *output++ = RequantizeToInt8(acc, p.requant.multipliers[q], p.requant.shifts[q],
                                   p.output_zero_point, p.activation_min, p.activation_max);
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
