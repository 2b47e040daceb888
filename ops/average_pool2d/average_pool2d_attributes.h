// average_pool2d's attributes on a graph operator: the pooling window (planner/attribute_types.h).
// Set by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/average_pool2d/average_pool2d_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct AveragePool2dAttributes : Pool2dAttributes {};

}  // namespace arenastore::planner
