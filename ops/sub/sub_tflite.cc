// sub's TensorFlow Lite mapping: SUB -> a graph op with SubAttributes (operands in TFLite's
// order: input1 - input2), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace sub_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.input(0), m.input(1), m.output()});
  SubAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::SubOptions>(m, &a.activation));
  return m.Emit(kernels::OpKind::kSub, {m.input(0), m.input(1)}, a);
}

}  // namespace sub_mapping

// TensorFlow Lite's SUB (builtin 41).
extern const TfliteOpMapping kSubTflite = {{41}, 1, &sub_mapping::Map};

}  // namespace arenastore::planner
