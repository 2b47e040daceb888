// reshape's attributes on a graph operator: none: the output tensor's shape says it all. Set by its
// TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/reshape/reshape_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct ReshapeAttributes {};

}  // namespace arenastore::planner
