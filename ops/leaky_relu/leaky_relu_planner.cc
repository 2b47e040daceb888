// leaky_relu's planner unit: LeakyReluRescale from the tensors' quantization, lowered to the 256
// entries it makes for int8 or kept as the int16 row's record (planner/table_lookup_planning.h).
// Its TensorFlow Lite mapping: LEAKY_RELU on int8 or int16 tensors -> a graph op with
// LeakyReluAttributes (int8 or int16 activations, one type).
#include "ops/leaky_relu/leaky_relu_table.h"
#include "planner/op_unit.h"
#include "planner/table_lookup_planning.h"

namespace arenastore::planner {
namespace leaky_relu_planning {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const LeakyReluAttributes a, l.AttributesAs<LeakyReluAttributes>());
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToRescale<&kernels::OpParams::leaky_relu>(
      l, LeakyReluRescale(q, a.alpha, ValueRangeOf(l)), lowered);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteTableLookupOptions(w, {w.attributes<LeakyReluAttributes>().alpha});
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const std::vector<float> parameters = ReadTableParameters(op);
  if (parameters.size() != 1) {
    return Status::Error(ErrorCode::kImportUnsupported,
                         "leaky_relu: the artifact records %zu parameters, expected alpha",
                         parameters.size());
  }
  return OpAttributes(LeakyReluAttributes{parameters[0]});
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::LeakyReluOptions* o,
                              m.OptionsOf<tfl::LeakyReluOptions>(false));
  LeakyReluAttributes a;
  a.alpha = o != nullptr ? o->alpha() : 0.0f;  // TensorFlow Lite's default when absent
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kernels::OpKind::kLeakyRelu, {m.input(0)}, a);
}

}  // namespace leaky_relu_planning

extern const PlannerOp kLeakyReluPlanner = {
    &leaky_relu_planning::Lower, &leaky_relu_planning::Write, &leaky_relu_planning::Read};

// TensorFlow Lite's LEAKY_RELU (builtin 98).
extern const TfliteOpMapping kLeakyReluTflite = {{98}, 1, &leaky_relu_planning::Map};

}  // namespace arenastore::planner
