// transpose_conv2d's attributes on a graph operator: padding, strides, fused activation. Set by its
// TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/transpose_conv2d/transpose_conv2d_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct TransposeConv2dAttributes {
  Padding padding = Padding::VALID;
  int32_t stride_h = 1, stride_w = 1;
  Activation activation = Activation::NONE;
};

}  // namespace arenastore::planner
