// resize_bilinear's attributes on a graph operator: the output size, align_corners and
// half_pixel_centers (planner/resize_attributes.h). Set by its TFLite mapping
// and by the artifact reader, read by its planner lowering
// (ops/resize_bilinear/resize_bilinear_planner.cc). Host-only.
#pragma once

#include "planner/resize_attributes.h"

namespace arenastore::planner {

struct ResizeBilinearAttributes : ResizeAttributes {};

}  // namespace arenastore::planner
