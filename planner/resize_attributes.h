// The attributes the two int8 resizes (resize_nearest_neighbor, resize_bilinear) share on a graph
// operator: the output size folded from the constant size operand, align_corners and
// half_pixel_centers. Each op's own attributes derive from it. Set by their TFLite mappings and
// the artifact reader, read by their planner lowerings. Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct ResizeAttributes {
  int32_t new_height = 1, new_width = 1;
  bool align_corners = false;
  bool half_pixel_centers = false;
};

}  // namespace arenastore::planner
