#include "ops/squared_difference/squared_difference.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/squared_difference/ref.h"

namespace arenastore::kernels {
namespace {

// `max_left_shift` keeps the rescaled difference (at most 255 * 2^left_shift for int8) squaring
// inside int32: 7 for int8, TFLM's own; 0 for int16 (TFLM's: 32767^2 fits already).
// `max_offset` bounds the offsets: int8 zero points, or 0 (TFLM's int16 kernel requires it).
Status CheckParamsWithin(const SquaredDifferenceParams& p, const char* kernel,
                         int32_t max_left_shift, int32_t max_offset) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_CHECK_PARAMS(kernel, p.left_shift >= 0 && p.left_shift <= max_left_shift,
                          "left_shift %d not in [0, %d]", p.left_shift, max_left_shift);
  ARENASTORE_CHECK_PARAMS(kernel, IsRightShift(p.input1_shift) && IsRightShift(p.input2_shift),
                          "input shifts %d, %d must lie in [-31, 0] (multipliers below one)",
                          p.input1_shift, p.input2_shift);
  ARENASTORE_CHECK_PARAMS(kernel, p.output_shift >= -31 && p.output_shift <= 30,
                          "output_shift %d not in [-31, 30]", p.output_shift);
  ARENASTORE_RETURN_IF_ERROR(CheckBinaryOffsets(p, kernel, max_offset));
  return Status::Ok();
}

}  // namespace

Status CheckSquaredDifferenceParams(const SquaredDifferenceParams& p, const char* kernel) {
  return CheckParamsWithin(p, kernel, 7, 128);
}

Status ref::CheckInt16SquaredDifferenceParams(const SquaredDifferenceParams& p,
                                              const char* kernel) {
  return CheckParamsWithin(p, kernel, 0, 0);
}

extern const OpKernels kSquaredDifferenceKernels =
    RefOnlyKernels<OpKind::kSquaredDifference, &ref::SquaredDifferenceScratchBytes,
                   &ref::SquaredDifference, &ref::SquaredDifferenceInt16>();

}  // namespace arenastore::kernels
