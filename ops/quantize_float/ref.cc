#include "ops/quantize_float/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "quantize_float/ref";

// std::round (half away from zero) of a float, saturated to int32, without libm. For |x| < 2^31
// the truncation is exact, and so is x - trunc(x) (Sterbenz), so the comparison with 0.5 decides
// exactly as rounding does.
int64_t RoundHalfAwayFromZero(float x) {
  if (x != x) return 0;  // NaN
  if (x >= 2147483648.0f) return INT32_MAX;
  if (x <= -2147483648.0f) return INT32_MIN;
  const auto truncated = static_cast<int32_t>(x);
  const float fraction = x - static_cast<float>(truncated);
  if (fraction >= 0.5f) return int64_t{truncated} + 1;
  if (fraction <= -0.5f) return int64_t{truncated} - 1;
  return truncated;
}

}  // namespace

size_t QuantizeFloatScratchBytes(const QuantizeFloatParams&) { return 0; }

bool QuantizeFloatOverInputApplies(const QuantizeFloatParams& params) {
  return params.quantized_type == ElementType::kInt8;
}

Status QuantizeFloat(const QuantizeFloatParams& params, const float* input, void* output,
                     std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), QuantizeFloatScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFloatConversionParams(params, kName));
  for (int32_t i = 0; i < params.elements; ++i) {
    const int64_t rounded = RoundHalfAwayFromZero(input[i] / params.scale);
    StoreSaturated(output, params.quantized_type, i, rounded + params.zero_point);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
