// The TensorFlow Lite mapping the two int8 resizes share (ops/<op>/<op>_tflite.cc of
// resize_nearest_neighbor and resize_bilinear): operands (input, size) -> ResizeAttributes, the
// constant int32 size operand folded in; a size computed at run time is refused. Host-only,
// header-only.
#pragma once

#include "planner/import/tflite_op_mapper.h"
#include "planner/resize_attributes.h"

namespace arenastore::planner {

// The size operand and the options' two flags, already read by the caller.
inline Status MapResize(TfliteOpMapper& m, bool align_corners, bool half_pixel_centers,
                        ResizeAttributes* a) {
  a->align_corners = align_corners;
  a->half_pixel_centers = half_pixel_centers;
  if (align_corners && half_pixel_centers) {
    m.Refuse("align_corners with half_pixel_centers");
    return Status::Ok();
  }
  if (!m.Constant({1}, "size")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> size, m.IntegerOperand(1, "size"));
  if (size.size() != 2) return m.Fail(fmt::format("size has {} values, expected 2", size.size()));
  for (int64_t value : size) {
    if (value < 1 || value > kMaxWindow) {
      return m.Fail(fmt::format("size {} is not in [1, 2^24]", value));
    }
  }
  a->new_height = static_cast<int32_t>(size[0]);
  a->new_width = static_cast<int32_t>(size[1]);
  return Status::Ok();
}

}  // namespace arenastore::planner
