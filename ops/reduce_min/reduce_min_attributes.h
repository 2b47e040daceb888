// reduce_min's attributes on a graph operator: the axes and keep_dims every reduction has
// (planner/reduction_attributes.h). Set by its TFLite mapping and by the artifact reader, read
// by its planner lowering (ops/reduce_min/reduce_min_planner.cc). Host-only.
#pragma once

#include "planner/reduction_attributes.h"

namespace arenastore::planner {

struct ReduceMinAttributes : ReduceAttributes {};

}  // namespace arenastore::planner
