// add's TensorFlow Lite mapping: ADD -> a graph op with AddAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace add_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.input(0), m.input(1), m.output()});
  AddAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::AddOptions>(m, &a.activation));
  return m.Emit(kernels::OpKind::kAdd, {m.input(0), m.input(1)}, a);
}

}  // namespace add_mapping

// TensorFlow Lite's ADD (builtin 0).
extern const TfliteOpMapping kAddTflite = {{0}, 1, &add_mapping::Map};

}  // namespace arenastore::planner
