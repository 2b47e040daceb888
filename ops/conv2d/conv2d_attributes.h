// conv2d's attributes on a graph operator: its TensorFlow Lite options: padding, strides,
// dilations, fused activation. Set by its TFLite mapping and by the artifact reader, read by its
// planner lowering (ops/conv2d/conv2d_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct Conv2dAttributes {
  Padding padding = Padding::VALID;
  int32_t stride_h = 1, stride_w = 1;
  int32_t dilation_h = 1, dilation_w = 1;
  Activation activation = Activation::NONE;
};

}  // namespace arenastore::planner
