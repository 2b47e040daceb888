// comparison's TensorFlow Lite mapping: EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS and
// LESS_EQUAL -> one graph op whose ComparisonAttributes::kind names the builtin (operands in
// TFLite's order), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace comparison_mapping {

// TensorFlow Lite's builtin codes (schema.fbs BuiltinOperator), registered below in this order.
Result<kernels::ComparisonKind> KindOf(int32_t builtin) {
  using K = kernels::ComparisonKind;
  if (builtin == 71) return K::kEqual;
  if (builtin == 72) return K::kNotEqual;
  if (builtin == 61) return K::kGreater;
  if (builtin == 62) return K::kGreaterEqual;
  if (builtin == 58) return K::kLess;
  if (builtin == 63) return K::kLessEqual;
  return Status::Error(ErrorCode::kImportUnsupported, "builtin %d is not a comparison", builtin);
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const kernels::ComparisonKind kind, KindOf(m.builtin()));
  return m.Emit(kernels::OpKind::kComparison, {m.input(0), m.input(1)},
                ComparisonAttributes{{.kind = static_cast<int32_t>(kind)}});
}

}  // namespace comparison_mapping

extern const TfliteOpMapping kComparisonTflite = {
    {71, 72, 61, 62, 58, 63}, 6, &comparison_mapping::Map};

}  // namespace arenastore::planner
