#include "kernels/ref/add.h"

#include "kernels/fixed_point.h"
#include "kernels/ref/broadcast.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "add/ref";

// The largest left shift for which the sum of two shifted offset values (each |v| <= 256)
// stays inside int32.
constexpr int32_t kMaxLeftShift = 22;

bool IsRightShift(int32_t shift) { return shift <= 0 && shift >= -31; }

// Offsets are negated (input) or plain (output) int8 zero points.
bool IsOffset(int32_t offset) { return offset >= -128 && offset <= 128; }

Status CheckAddParams(const AddParams& params) {
  ARENASTORE_RETURN_IF_ERROR(CheckBroadcastShapes(params.shapes, kName));
  ARENASTORE_CHECK_OR_RETURN(params.left_shift >= 0 && params.left_shift <= kMaxLeftShift,
                             ErrorCode::kKernelInvalidParams, "%s: left_shift %d not in [0, %d]",
                             kName, params.left_shift, kMaxLeftShift);
  ARENASTORE_CHECK_OR_RETURN(IsRightShift(params.input1_shift) &&
                                 IsRightShift(params.input2_shift) &&
                                 IsRightShift(params.output_shift),
                             ErrorCode::kKernelInvalidParams,
                             "%s: shifts %d, %d, %d must lie in [-31, 0] (multipliers below one)",
                             kName, params.input1_shift, params.input2_shift, params.output_shift);
  ARENASTORE_CHECK_OR_RETURN(IsOffset(params.input1_offset) && IsOffset(params.input2_offset) &&
                                 IsOffset(params.output_offset),
                             ErrorCode::kKernelInvalidParams,
                             "%s: offsets %d, %d, %d are not int8 zero points", kName,
                             params.input1_offset, params.input2_offset, params.output_offset);
  ARENASTORE_CHECK_OR_RETURN(params.activation_min <= params.activation_max,
                             ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", kName, params.activation_min,
                             params.activation_max);
  return Status::Ok();
}

int8_t AddElement(const AddParams& p, int8_t a, int8_t b) {
  const int32_t shifted1 = (p.input1_offset + a) * (1 << p.left_shift);
  const int32_t shifted2 = (p.input2_offset + b) * (1 << p.left_shift);
  const int32_t scaled1 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted1, p.input1_multiplier, p.input1_shift);
  const int32_t scaled2 =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted2, p.input2_multiplier, p.input2_shift);
  const int32_t sum = MultiplyByQuantizedMultiplierSmallerThanOneExp(
                          scaled1 + scaled2, p.output_multiplier, p.output_shift) +
                      p.output_offset;
  return static_cast<int8_t>(Clamp(sum, p.activation_min, p.activation_max));
}

}  // namespace

size_t AddScratchBytes(const AddParams&) { return 0; }

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AddScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckAddParams(params));
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = AddElement(params, input1[in1], input2[in2]);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
