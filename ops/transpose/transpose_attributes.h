// transpose's attributes on a graph operator: the permutation, folded from the perm operand. Set
// by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/transpose/transpose_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include <vector>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct TransposeAttributes {
  std::vector<int32_t> perm;  // output dimension d is input dimension perm[d]
};

}  // namespace arenastore::planner
