// resize_bilinear's TensorFlow Lite mapping: RESIZE_BILINEAR -> a graph op with
// ResizeBilinearAttributes (the constant size operand folded into attributes), or a reason it
// cannot run here.
#include "planner/import/resize_mapping.h"

namespace arenastore::planner {
namespace resize_bilinear_mapping {

constexpr int32_t kResizeBilinearBuiltin = 23;  // TensorFlow Lite's RESIZE_BILINEAR

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::ResizeBilinearOptions* o,
                              m.OptionsOf<tfl::ResizeBilinearOptions>(false));
  ResizeBilinearAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapResize(m, o != nullptr && o->align_corners(),
                                       o != nullptr && o->half_pixel_centers(), &a));
  m.result().op.kind = kernels::OpKind::kResizeBilinear;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace resize_bilinear_mapping

extern const TfliteOpMapping kResizeBilinearTflite = {
    {resize_bilinear_mapping::kResizeBilinearBuiltin}, 1, &resize_bilinear_mapping::Map};

}  // namespace arenastore::planner
