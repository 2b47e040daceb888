// comparison's TensorFlow Lite mapping: EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS and
// LESS_EQUAL -> one graph op whose ComparisonAttributes::kind names the builtin (operands in
// TFLite's order), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace comparison_mapping {

// TensorFlow Lite's builtin codes (schema.fbs BuiltinOperator).
constexpr int32_t kEqualBuiltin = 71;
constexpr int32_t kNotEqualBuiltin = 72;
constexpr int32_t kGreaterBuiltin = 61;
constexpr int32_t kGreaterEqualBuiltin = 62;
constexpr int32_t kLessBuiltin = 58;
constexpr int32_t kLessEqualBuiltin = 63;

Result<kernels::ComparisonKind> KindOf(int32_t builtin) {
  using K = kernels::ComparisonKind;
  if (builtin == kEqualBuiltin) return K::kEqual;
  if (builtin == kNotEqualBuiltin) return K::kNotEqual;
  if (builtin == kGreaterBuiltin) return K::kGreater;
  if (builtin == kGreaterEqualBuiltin) return K::kGreaterEqual;
  if (builtin == kLessBuiltin) return K::kLess;
  if (builtin == kLessEqualBuiltin) return K::kLessEqual;
  return Status::Error(ErrorCode::kImportUnsupported, "builtin %d is not a comparison", builtin);
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const kernels::ComparisonKind kind, KindOf(m.builtin()));
  m.result().op.kind = kernels::OpKind::kComparison;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = ComparisonAttributes{kind};
  return Status::Ok();
}

}  // namespace comparison_mapping

extern const TfliteOpMapping kComparisonTflite = {
    {comparison_mapping::kEqualBuiltin, comparison_mapping::kNotEqualBuiltin,
     comparison_mapping::kGreaterBuiltin, comparison_mapping::kGreaterEqualBuiltin,
     comparison_mapping::kLessBuiltin, comparison_mapping::kLessEqualBuiltin},
    6,
    &comparison_mapping::Map};

}  // namespace arenastore::planner
