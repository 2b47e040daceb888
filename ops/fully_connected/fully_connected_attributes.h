// fully_connected's attributes on a graph operator: fused activation, keep_num_dims. Set by its
// TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/fully_connected/fully_connected_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct FullyConnectedAttributes {
  Activation activation = Activation::NONE;
  bool keep_num_dims = false;
};

}  // namespace arenastore::planner
