// concatenation's TensorFlow Lite mapping: CONCATENATION -> a graph op with ConcatenationAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include <vector>

#include "kernels/param_types.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace concatenation_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectVariadic(1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::ConcatenationOptions* o,
                              m.OptionsOf<tfl::ConcatenationOptions>(false));
  ConcatenationAttributes a;
  if (o != nullptr) {
    a.axis = o->axis();
    // TensorFlow Lite Micro's CONCATENATION refuses a fused activation, so nothing here runs one.
    if (o->fused_activation_function() != tfl::ActivationFunctionType::NONE) {
      m.Refuse("a fused activation (TensorFlow Lite Micro's CONCATENATION takes none)");
    }
  }
  const int32_t rank = static_cast<int32_t>(m.reader().ShapeOf(m.output()).size());
  if (a.axis < -rank || a.axis >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for rank {}", a.axis, rank));
  }
  m.RefuseOverMaxInputs();
  m.AcceptInt8OrInt16Activations(m.InputsAndOutput());
  return m.Emit(kernels::OpKind::kConcatenation, m.inputs(), a);
}

}  // namespace concatenation_mapping

// TensorFlow Lite's CONCATENATION (builtin 2).
extern const TfliteOpMapping kConcatenationTflite = {{2}, 1, &concatenation_mapping::Map};

}  // namespace arenastore::planner
