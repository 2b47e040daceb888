#include "ops/l2_normalization/ref.h"

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "kernels/inv_sqrt.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "l2_normalization/ref";
constexpr int kOutputFractionBits = 7;  // output units of 1/128

}  // namespace

size_t L2NormalizationScratchBytes(const L2NormalizationParams&) { return 0; }

Status L2Normalization(const L2NormalizationParams& params, const int8_t* input, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), L2NormalizationScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckL2NormalizationParams(params, kName));
  const int32_t zero_point = params.input_zero_point;
  for (int32_t row = 0; row < params.outer_size; ++row) {
    const int8_t* in = input + static_cast<ptrdiff_t>(row) * params.depth;
    int8_t* out = output + static_cast<ptrdiff_t>(row) * params.depth;
    int32_t sum_of_squares = 0;
    for (int32_t c = 0; c < params.depth; ++c) {
      const int32_t centred = in[c] - zero_point;
      sum_of_squares += centred * centred;
    }
    const InvSqrt inv = InvSqrtMultiplier(sum_of_squares);
    for (int32_t c = 0; c < params.depth; ++c) {
      const int32_t scaled = MultiplyByQuantizedMultiplier(in[c] - zero_point, inv.multiplier,
                                                           inv.shift + kOutputFractionBits);
      out[c] = static_cast<int8_t>(Clamp(scaled, -128, 127));
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
