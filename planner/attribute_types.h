// The attribute vocabulary graph operators share: TensorFlow Lite's padding and fused
// activation, and the 2-D pooling window both pools have. The ops that declare their own
// attributes (ops/<op>/<op>_attributes.h) build on these. Host-only plain structs.
#pragma once

#include <cstdint>

#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

// TensorFlow Lite's padding and fused activation, one enum each: as the artifact records them.
using Padding = schema::Padding;
using Activation = schema::Activation;

struct Pool2dAttributes {
  Padding padding = Padding::VALID;
  int32_t filter_h = 1, filter_w = 1;
  int32_t stride_h = 1, stride_w = 1;
  Activation activation = Activation::NONE;
};

}  // namespace arenastore::planner
