// select_v2's planner unit: its lowering (only the quantization checks; kernels::SelectV2Params
// come from the runtime's lowering of its tensors), and the empty SelectV2Options it writes and
// reads back for re-planning.
// Its TensorFlow Lite mapping: SELECT_V2 -> a graph op with SelectV2Attributes (operands in
// TFLite's order: condition, x, y), or a reason it cannot run here.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace select_v2_planning {

// The runtime's lowering checks the operands' types and how they broadcast and fills the
// params; the planner still refuses x, y or output without a valid quantization.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<SelectV2Attributes>().status());
  return ExpectQuantizedOperands(l, {{l.Input(1), "x"}, {l.Input(2), "y"}, {l.Output(), "output"}});
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  m.AcceptInt8OrInt16Activations({m.input(1), m.input(2), m.output()});
  return m.Emit(kernels::OpKind::kSelectV2, {m.input(0), m.input(1), m.input(2)},
                SelectV2Attributes{});
}

}  // namespace select_v2_planning

extern const PlannerOp kSelectV2Planner =
    EmptyOptionsPlanner<SelectV2Attributes>(&select_v2_planning::Lower);

// TensorFlow Lite's SELECT_V2 (builtin 123).
extern const TfliteOpMapping kSelectV2Tflite = {{123}, 1, &select_v2_planning::Map};

}  // namespace arenastore::planner
