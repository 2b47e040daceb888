// arg_min_max's attributes on a graph operator: ARG_MAX or ARG_MIN, and the input axis reduced
// (TFLite's constant axis operand, folded). Set by its TFLite mapping and the artifact reader,
// read by its planner lowering (ops/arg_min_max/arg_min_max_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "ops/arg_min_max/arg_min_max.h"

namespace arenastore::planner {

struct ArgMinMaxAttributes {
  kernels::ArgMinMaxKind kind = kernels::ArgMinMaxKind::kArgMax;
  int32_t axis = 0;  // may be negative, counted from the end of the input's dims
};

}  // namespace arenastore::planner
