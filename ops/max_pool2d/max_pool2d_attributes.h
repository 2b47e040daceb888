// max_pool2d's attributes on a graph operator: the pooling window (planner/attribute_types.h). Set
// by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/max_pool2d/max_pool2d_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct MaxPool2dAttributes : Pool2dAttributes {};

}  // namespace arenastore::planner
