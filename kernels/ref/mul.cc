#include "kernels/ref/mul.h"

#include "kernels/fixed_point.h"
#include "kernels/ref/broadcast.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "mul/ref";

// Offsets are negated (input) or plain (output) int8 zero points.
bool IsOffset(int32_t offset) { return offset >= -128 && offset <= 128; }

Status CheckMulParams(const MulParams& params) {
  ARENASTORE_RETURN_IF_ERROR(CheckBroadcastShapes(params.shapes, kName));
  ARENASTORE_CHECK_OR_RETURN(IsOffset(params.input1_offset) && IsOffset(params.input2_offset) &&
                                 IsOffset(params.output_offset),
                             ErrorCode::kKernelInvalidParams,
                             "%s: offsets %d, %d, %d are not int8 zero points", kName,
                             params.input1_offset, params.input2_offset, params.output_offset);
  // A product of offset int8 values needs 17 bits, so a left shift above 14 could overflow.
  ARENASTORE_CHECK_OR_RETURN(params.output_shift >= -31 && params.output_shift <= 14,
                             ErrorCode::kKernelInvalidParams,
                             "%s: output_shift %d not in [-31, 14]", kName, params.output_shift);
  ARENASTORE_CHECK_OR_RETURN(params.activation_min <= params.activation_max,
                             ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", kName, params.activation_min,
                             params.activation_max);
  return Status::Ok();
}

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
  ARENASTORE_RETURN_IF_ERROR(CheckMulParams(params));
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = MulElement(params, input1[in1], input2[in2]);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
