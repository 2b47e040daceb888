// batch_matmul's attributes on a graph operator: whether either operand is transposed. Set by its
// TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/batch_matmul/batch_matmul_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct BatchMatmulAttributes {
  bool adj_x = false, adj_y = false;
};

}  // namespace arenastore::planner
