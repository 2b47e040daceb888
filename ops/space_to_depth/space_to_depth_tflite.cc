// space_to_depth's TensorFlow Lite mapping: SPACE_TO_DEPTH -> a graph op with
// SpaceToDepthAttributes (the block size from its options), or a reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// TensorFlow Lite's SPACE_TO_DEPTH (builtin 26).
extern const TfliteOpMapping kSpaceToDepthTflite = {
    {26},
    1,
    &MapBlockSizeOf<kernels::OpKind::kSpaceToDepth, SpaceToDepthAttributes,
                    tfl::SpaceToDepthOptions>};

}  // namespace arenastore::planner
