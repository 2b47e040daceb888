// resize_bilinear's TensorFlow Lite mapping: RESIZE_BILINEAR -> a graph op with
// ResizeBilinearAttributes (the constant size operand folded into attributes), or a reason it
// cannot run here.
#include "planner/import/resize_mapping.h"

namespace arenastore::planner {
namespace resize_bilinear_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::ResizeBilinearOptions* o,
                              m.OptionsOf<tfl::ResizeBilinearOptions>(false));
  ResizeBilinearAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapResize(m, o != nullptr && o->align_corners(),
                                       o != nullptr && o->half_pixel_centers(), &a));
  return m.Emit(kernels::OpKind::kResizeBilinear, {m.input(0)}, a);
}

}  // namespace resize_bilinear_mapping

// TensorFlow Lite's RESIZE_BILINEAR (builtin 23).
extern const TfliteOpMapping kResizeBilinearTflite = {{23}, 1, &resize_bilinear_mapping::Map};

}  // namespace arenastore::planner
