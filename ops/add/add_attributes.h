// add's attributes on a graph operator: the fused activation. Set by its TFLite mapping and
// by the artifact reader, read by its planner lowering (ops/add/add_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct AddAttributes : ElementwiseAttributes {};

}  // namespace arenastore::planner
