// depth_to_space's TensorFlow Lite mapping: DEPTH_TO_SPACE -> a graph op with
// DepthToSpaceAttributes (the block size from its options), or a reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// TensorFlow Lite's DEPTH_TO_SPACE (builtin 5).
extern const TfliteOpMapping kDepthToSpaceTflite = {
    {5},
    1,
    &MapBlockSizeOf<kernels::OpKind::kDepthToSpace, DepthToSpaceAttributes,
                    tfl::DepthToSpaceOptions>};

}  // namespace arenastore::planner
