// depth_to_space's TensorFlow Lite mapping: DEPTH_TO_SPACE -> a graph op with
// DepthToSpaceAttributes (the block size from its options), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace depth_to_space_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::DepthToSpaceOptions* o,
                              m.OptionsOf<tfl::DepthToSpaceOptions>(true));
  DepthToSpaceAttributes a;
  a.block_size = o->block_size();
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a.block_size, "block_size"));
  m.RefuseUnlessSameQuantization(m.input(0), m.output());
  return m.Emit(kernels::OpKind::kDepthToSpace, {m.input(0)}, a);
}

}  // namespace depth_to_space_mapping

// TensorFlow Lite's DEPTH_TO_SPACE (builtin 5).
extern const TfliteOpMapping kDepthToSpaceTflite = {{5}, 1, &depth_to_space_mapping::Map};

}  // namespace arenastore::planner
