#include "ops/squared_difference/squared_difference.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/squared_difference/ref.h"

namespace arenastore::kernels {
namespace {

// The largest left shift whose rescaled difference (at most 255 * 2^left_shift) still squares
// inside int32.
constexpr int32_t kMaxLeftShift = 7;

}  // namespace

Status CheckSquaredDifferenceParams(const SquaredDifferenceParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_CHECK_OR_RETURN(p.left_shift >= 0 && p.left_shift <= kMaxLeftShift,
                             ErrorCode::kKernelInvalidParams, "%s: left_shift %d not in [0, %d]",
                             kernel, p.left_shift, kMaxLeftShift);
  auto is_right_shift = [](int32_t shift) { return shift <= 0 && shift >= -31; };
  ARENASTORE_CHECK_OR_RETURN(is_right_shift(p.input1_shift) && is_right_shift(p.input2_shift),
                             ErrorCode::kKernelInvalidParams,
                             "%s: input shifts %d, %d must lie in [-31, 0] (multipliers below one)",
                             kernel, p.input1_shift, p.input2_shift);
  ARENASTORE_CHECK_OR_RETURN(p.output_shift >= -31 && p.output_shift <= 30,
                             ErrorCode::kKernelInvalidParams,
                             "%s: output_shift %d not in [-31, 30]", kernel, p.output_shift);
  auto is_offset = [](int32_t offset) { return offset >= -128 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(
      is_offset(p.input1_offset) && is_offset(p.input2_offset) && is_offset(p.output_offset),
      ErrorCode::kKernelInvalidParams, "%s: offsets %d, %d, %d are not int8 zero points", kernel,
      p.input1_offset, p.input2_offset, p.output_offset);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<&OpParams::squared_difference, kSquaredDifferenceArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::SquaredDifferenceScratchBytes, &ref::SquaredDifference>(
        OpKind::kSquaredDifference, KernelDtype::kInt8, "squared_difference/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kSquaredDifferenceKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
