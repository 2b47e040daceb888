// comparison's attributes on a graph operator: which of the six comparisons it is. Set by its
// TFLite mapping and the artifact reader, read by its planner lowering
// (ops/comparison/comparison_planner.cc). Host-only.
#pragma once

#include "ops/comparison/comparison.h"

namespace arenastore::planner {

struct ComparisonAttributes {
  kernels::ComparisonKind kind = kernels::ComparisonKind::kEqual;
};

}  // namespace arenastore::planner
