// resize_nearest_neighbor's TensorFlow Lite mapping: RESIZE_NEAREST_NEIGHBOR -> a graph op with
// ResizeNearestNeighborAttributes (the constant size operand folded into attributes), or a reason
// it cannot run here.
#include "planner/import/resize_mapping.h"

namespace arenastore::planner {
namespace resize_nearest_neighbor_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::ResizeNearestNeighborOptions* o,
                              m.OptionsOf<tfl::ResizeNearestNeighborOptions>(false));
  ResizeNearestNeighborAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapResize(m, o != nullptr && o->align_corners(),
                                       o != nullptr && o->half_pixel_centers(), &a));
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kernels::OpKind::kResizeNearestNeighbor, {m.input(0)}, a);
}

}  // namespace resize_nearest_neighbor_mapping

// TensorFlow Lite's RESIZE_NEAREST_NEIGHBOR (builtin 97).
extern const TfliteOpMapping kResizeNearestNeighborTflite = {
    {97}, 1, &resize_nearest_neighbor_mapping::Map};

}  // namespace arenastore::planner
