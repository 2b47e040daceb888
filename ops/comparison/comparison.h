// comparison: TensorFlow Lite's six int8 comparisons (EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL,
// LESS, LESS_EQUAL) with numpy broadcasting, one op whose `kind` says which, writing bool (one
// byte, 0 or 1). As TFLM, both inputs are rescaled to units of 2^-8 of the real value before
// comparing. Params lowered by the planner and the runtime, read by ref.h; every variant runs
// CheckComparisonParams first. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// Persisted in ComparisonOptions.kind: append only.
enum class ComparisonKind : int32_t {
  kEqual = 0,
  kNotEqual = 1,
  kGreater = 2,
  kGreaterEqual = 3,
  kLess = 4,
  kLessEqual = 5,
};
inline constexpr int32_t kComparisonKindCount = 6;

// "equal", "not_equal", ...: the kind as reports spell it; "unknown" outside the enum.
const char* ComparisonKindName(ComparisonKind kind);

struct ComparisonParams {
  BroadcastShapes shapes;
  ComparisonKind kind;
  int32_t left_shift;                       // 8 for int8, as TensorFlow Lite
  int32_t input1_offset, input2_offset;     // -zero_point
  int32_t input1_multiplier, input1_shift;  // the input's scale below one: shift in [-31, 0]
  int32_t input2_multiplier, input2_shift;
};

inline constexpr OpArity kComparisonArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(ComparisonParams, 104);

Status CheckComparisonParams(const ComparisonParams& params, const char* kernel);

}  // namespace arenastore::kernels
