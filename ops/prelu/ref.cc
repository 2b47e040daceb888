#include "ops/prelu/ref.h"

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "prelu/ref";

int8_t PreluElement(const PreluParams& p, int8_t x, int8_t alpha) {
  const int32_t input = p.input1_offset + x;
  const int32_t scaled =
      input >= 0 ? MultiplyByQuantizedMultiplier(input, p.positive_multiplier, p.positive_shift)
                 : MultiplyByQuantizedMultiplier(input * (p.input2_offset + alpha),
                                                 p.negative_multiplier, p.negative_shift);
  return static_cast<int8_t>(Clamp(scaled + p.output_offset, -128, 127));
}

}  // namespace

size_t PreluScratchBytes(const PreluParams&) { return 0; }

Status Prelu(const PreluParams& params, const int8_t* input, const int8_t* alpha, int8_t* output,
             std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), PreluScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckPreluParams(params, kName));
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in, ptrdiff_t a) {
    output[out] = PreluElement(params, input[in], alpha[a]);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
