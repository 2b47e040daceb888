// The attributes the four int8 reductions (mean, sum, reduce_max, reduce_min) share on a graph
// operator: the axes folded from the constant axis operand, and keep_dims. Each op's own
// attributes derive from it (ops/<op>/<op>_attributes.h). Set by their TFLite mappings and the
// artifact reader, read by their planner lowerings. Host-only.
#pragma once

#include <cstdint>

#include <vector>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct ReduceAttributes {
  std::vector<int32_t> axes;  // may be negative (from the end) or repeated
  bool keep_dims = false;
};

}  // namespace arenastore::planner
