// space_to_depth's TensorFlow Lite mapping: SPACE_TO_DEPTH -> a graph op with
// SpaceToDepthAttributes (the block size from its options), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace space_to_depth_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::SpaceToDepthOptions* o,
                              m.OptionsOf<tfl::SpaceToDepthOptions>(true));
  SpaceToDepthAttributes a;
  a.block_size = o->block_size();
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a.block_size, "block_size"));
  m.RefuseUnlessSameQuantization(m.input(0), m.output());
  return m.Emit(kernels::OpKind::kSpaceToDepth, {m.input(0)}, a);
}

}  // namespace space_to_depth_mapping

// TensorFlow Lite's SPACE_TO_DEPTH (builtin 26).
extern const TfliteOpMapping kSpaceToDepthTflite = {{26}, 1, &space_to_depth_mapping::Map};

}  // namespace arenastore::planner
