// div's attributes on a graph operator: the fused activation. Set by its TFLite mapping and by
// the artifact reader, read by its planner lowering (ops/div/div_planner.cc). Host-only.
#pragma once

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct DivAttributes : ElementwiseAttributes {};

}  // namespace arenastore::planner
