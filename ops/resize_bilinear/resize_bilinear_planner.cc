// resize_bilinear's planner unit: the checks, options and equivalence the two resizes share
// (planner/resize_lowering.h) over its own attributes.
// Its TensorFlow Lite mapping: RESIZE_BILINEAR -> a graph op with ResizeBilinearAttributes (the
// constant size operand folded into attributes), or a reason it cannot run here.
#include "planner/import/resize_mapping.h"
#include "planner/resize_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kResizeBilinearPlanner = ResizePlanner<ResizeBilinearAttributes>();

// TensorFlow Lite's RESIZE_BILINEAR (builtin 23).
extern const TfliteOpMapping kResizeBilinearTflite = {
    {23},
    1,
    &MapResizeOf<kernels::OpKind::kResizeBilinear, ResizeBilinearAttributes,
                 tfl::ResizeBilinearOptions, /*kInt8OrInt16=*/false>};

}  // namespace arenastore::planner
