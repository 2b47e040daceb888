// resize_bilinear's TensorFlow Lite mapping: RESIZE_BILINEAR -> a graph op with
// ResizeBilinearAttributes (the constant size operand folded into attributes), or a reason it
// cannot run here.
#include "planner/import/resize_mapping.h"

namespace arenastore::planner {

// TensorFlow Lite's RESIZE_BILINEAR (builtin 23).
extern const TfliteOpMapping kResizeBilinearTflite = {
    {23},
    1,
    &MapResizeOf<kernels::OpKind::kResizeBilinear, ResizeBilinearAttributes,
                 tfl::ResizeBilinearOptions, /*kInt8OrInt16=*/false>};

}  // namespace arenastore::planner
