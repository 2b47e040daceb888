#include "ops/mul/ref.h"

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "mul/ref";

int8_t MulElement(const MulParams& p, int8_t a, int8_t b) {
  const int32_t product = (p.input1_offset + a) * (p.input2_offset + b);
  const int32_t result =
      MultiplyByQuantizedMultiplier(product, p.output_multiplier, p.output_shift) + p.output_offset;
  return static_cast<int8_t>(Clamp(result, p.activation_min, p.activation_max));
}

}  // namespace

size_t MulScratchBytes(const MulParams&) { return 0; }

Status Mul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), MulScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckMulParams(params, kName));
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = MulElement(params, input1[in1], input2[in2]);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
