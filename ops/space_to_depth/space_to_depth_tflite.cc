// space_to_depth's TensorFlow Lite mapping: SPACE_TO_DEPTH -> a graph op with
// SpaceToDepthAttributes (the block size from its options), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace space_to_depth_mapping {

constexpr int32_t kSpaceToDepthBuiltin = 26;  // TensorFlow Lite's SPACE_TO_DEPTH

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::SpaceToDepthOptions* o,
                              m.OptionsOf<tfl::SpaceToDepthOptions>(true));
  SpaceToDepthAttributes a;
  a.block_size = o->block_size();
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a.block_size, "block_size"));
  m.RefuseUnlessSameQuantization(m.inputs()[0], m.outputs()[0]);
  m.result().op.kind = kernels::OpKind::kSpaceToDepth;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace space_to_depth_mapping

extern const TfliteOpMapping kSpaceToDepthTflite = {
    {space_to_depth_mapping::kSpaceToDepthBuiltin}, 1, &space_to_depth_mapping::Map};

}  // namespace arenastore::planner
