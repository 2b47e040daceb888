// softmax's attributes on a graph operator: beta. Set by its TFLite mapping and
// by the artifact reader, read by its planner lowering (ops/softmax/softmax_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct SoftmaxAttributes {
  float beta = 1.0f;
};

}  // namespace arenastore::planner
