// reduce_max's attributes on a graph operator: the axes and keep_dims every reduction has
// (planner/reduction_attributes.h). Set by its TFLite mapping and by the artifact reader, read
// by its planner lowering (ops/reduce_max/reduce_max_planner.cc). Host-only.
#pragma once

#include "planner/reduction_attributes.h"

namespace arenastore::planner {

struct ReduceMaxAttributes : ReduceAttributes {};

}  // namespace arenastore::planner
