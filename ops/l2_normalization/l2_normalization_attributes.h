// l2_normalization's attributes on a graph operator: none (TensorFlow Lite's fused activation
// must be NONE, checked by its mapping). Set by its TFLite mapping and by the artifact reader,
// read by its planner lowering (ops/l2_normalization/l2_normalization_planner.cc). Host-only.
#pragma once

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct L2NormalizationAttributes {};

}  // namespace arenastore::planner
