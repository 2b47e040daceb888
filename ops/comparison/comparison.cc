#include "ops/comparison/comparison.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "ops/comparison/ref.h"

namespace arenastore::kernels {

const char* ComparisonKindName(ComparisonKind kind) {
  switch (kind) {
    case ComparisonKind::kEqual:
      return "equal";
    case ComparisonKind::kNotEqual:
      return "not_equal";
    case ComparisonKind::kGreater:
      return "greater";
    case ComparisonKind::kGreaterEqual:
      return "greater_equal";
    case ComparisonKind::kLess:
      return "less";
    case ComparisonKind::kLessEqual:
      return "less_equal";
  }
  return "unknown";
}

Status CheckComparisonParams(const ComparisonParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  const auto kind = static_cast<int32_t>(p.kind);
  ARENASTORE_CHECK_OR_RETURN(kind >= 0 && kind < kComparisonKindCount,
                             ErrorCode::kKernelInvalidParams, "%s: kind %d not in [0, %d)", kernel,
                             kind, kComparisonKindCount);
  // 255 << 8 times a multiplier below one stays inside int32.
  ARENASTORE_CHECK_OR_RETURN(p.left_shift >= 0 && p.left_shift <= 8,
                             ErrorCode::kKernelInvalidParams, "%s: left_shift %d not in [0, 8]",
                             kernel, p.left_shift);
  auto is_right_shift = [](int32_t shift) { return shift <= 0 && shift >= -31; };
  ARENASTORE_CHECK_OR_RETURN(is_right_shift(p.input1_shift) && is_right_shift(p.input2_shift),
                             ErrorCode::kKernelInvalidParams,
                             "%s: input shifts %d, %d must lie in [-31, 0] (multipliers below one)",
                             kernel, p.input1_shift, p.input2_shift);
  auto is_offset = [](int32_t offset) { return offset >= -127 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(is_offset(p.input1_offset) && is_offset(p.input2_offset),
                             ErrorCode::kKernelInvalidParams,
                             "%s: offsets %d, %d are not negated int8 zero points", kernel,
                             p.input1_offset, p.input2_offset);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<OpKind::kComparison>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ComparisonScratchBytes, &ref::Comparison>(),
};

}  // namespace

extern const OpKernels kComparisonKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
