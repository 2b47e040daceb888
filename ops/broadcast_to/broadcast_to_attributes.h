// broadcast_to's attributes on a graph operator: none, the output tensor's shape (the folded
// shape operand) says it all. Set by its TFLite mapping and by the artifact reader, read by its
// planner lowering (ops/broadcast_to/broadcast_to_planner.cc). Host-only.
#pragma once

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct BroadcastToAttributes {};

}  // namespace arenastore::planner
