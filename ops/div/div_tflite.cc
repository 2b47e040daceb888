// div's TensorFlow Lite mapping: DIV -> a graph op with DivAttributes (operands in TFLite's
// order: input1 / input2), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace div_mapping {

constexpr int32_t kDivBuiltin = 42;  // TensorFlow Lite's DIV

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  DivAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::DivOptions>(m, &a.activation));
  m.result().op.kind = kernels::OpKind::kDiv;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace div_mapping

extern const TfliteOpMapping kDivTflite = {{div_mapping::kDivBuiltin}, 1, &div_mapping::Map};

}  // namespace arenastore::planner
