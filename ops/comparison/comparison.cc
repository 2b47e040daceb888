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
  ARENASTORE_CHECK_PARAMS(kernel, kind >= 0 && kind < kComparisonKindCount,
                          "kind %d not in [0, %d)", kind, kComparisonKindCount);
  // 255 << 8 times a multiplier below one stays inside int32.
  ARENASTORE_CHECK_PARAMS(kernel, p.left_shift >= 0 && p.left_shift <= 8,
                          "left_shift %d not in [0, 8]", p.left_shift);
  ARENASTORE_CHECK_PARAMS(kernel, IsRightShift(p.input1_shift) && IsRightShift(p.input2_shift),
                          "input shifts %d, %d must lie in [-31, 0] (multipliers below one)",
                          p.input1_shift, p.input2_shift);
  auto is_offset = [](int32_t offset) { return offset >= -127 && offset <= 128; };
  ARENASTORE_CHECK_PARAMS(kernel, is_offset(p.input1_offset) && is_offset(p.input2_offset),
                          "offsets %d, %d are not negated int8 zero points", p.input1_offset,
                          p.input2_offset);
  return Status::Ok();
}

extern const OpKernels kComparisonKernels =
    RefOnlyKernels<OpKind::kComparison, &ref::ComparisonScratchBytes, &ref::Comparison>();

}  // namespace arenastore::kernels
