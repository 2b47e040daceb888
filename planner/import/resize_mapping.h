// The TensorFlow Lite mapping the two int8 resizes share (ops/<op>/<op>_planner.cc of
// resize_nearest_neighbor and resize_bilinear): operands (input, size) -> the ResizeOptions struct,
// the constant int32 size operand folded in; a size computed at run time is refused. Host-only,
// header-only; MapResizeOf is each unit's whole mapping.
#pragma once

#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {

// The size operand and the options' two flags, already read by the caller.
inline Status MapResize(TfliteOpMapper& m, bool align_corners, bool half_pixel_centers,
                        schema::ResizeOptionsT* a) {
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

// A resize unit's whole mapping: operands (input, size), its optional Options' two flags;
// kInt8OrInt16: its kernel takes int16 (16x8) activations too.
template <kernels::OpKind kKind, typename Attributes, typename Options, bool kInt8OrInt16>
Status MapResizeOf(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const Options* o, m.OptionsOf<Options>(false));
  Attributes a;
  ARENASTORE_RETURN_IF_ERROR(MapResize(m, o != nullptr && o->align_corners(),
                                       o != nullptr && o->half_pixel_centers(), &a));
  if (kInt8OrInt16) m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kKind, {m.input(0)}, a);
}

}  // namespace arenastore::planner
