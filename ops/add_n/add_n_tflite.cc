// add_n's TensorFlow Lite mapping: ADD_N -> a graph op with AddNAttributes (the inputs in
// order), or a reason it cannot run here (more inputs than an operator may have).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace add_n_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectVariadic(2));
  m.RefuseOverMaxInputs();
  return m.Emit(kernels::OpKind::kAddN, m.inputs(), AddNAttributes{});
}

}  // namespace add_n_mapping

// TensorFlow Lite's ADD_N (builtin 106).
extern const TfliteOpMapping kAddNTflite = {{106}, 1, &add_n_mapping::Map};

}  // namespace arenastore::planner
