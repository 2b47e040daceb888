// The attribute vocabulary graph operators share: TensorFlow Lite's padding and fused
// activation. The ops that declare their own attributes (ops/<op>/<op>_attributes.h) build on
// these. Host-only.
#pragma once

#include <cstdint>

#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

// TensorFlow Lite's padding and fused activation, one enum each: as the artifact records them.
using Padding = schema::Padding;
using Activation = schema::Activation;

}  // namespace arenastore::planner
