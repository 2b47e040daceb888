// shape's planner unit: nothing the host alone computes (the runtime's lowering checks the operands
// and carries the input's dims in kernels::ShapeParams); its options are EmptyOptions
// (planner/empty_options_planning.h).
// Its TensorFlow Lite mapping: SHAPE -> a graph shape over its int8 or int16 input, or a reason it
// cannot run here (an int64 out_type, another input type).
#include "ops/shape/shape.h"
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kShapePlanner = EmptyOptionsPlanner<ShapeAttributes>();

namespace shape_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  if (m.reader().TensorTypeOf(m.output()) != tfl::TensorType::INT32) {
    m.Refuse("output is not int32");
    return Status::Ok();
  }
  m.AcceptInt8OrInt16Activations({m.input(0)});  // only its shape is read
  if (m.reader().ShapeOf(m.input(0)).size() > static_cast<size_t>(kernels::kMaxShapeRank)) {
    m.Refuse(fmt::format("rank above {}", kernels::kMaxShapeRank));
    return Status::Ok();
  }
  return m.Emit(kernels::OpKind::kShape, {m.input(0)}, ShapeAttributes{});
}

}  // namespace shape_mapping

// TensorFlow Lite's SHAPE (builtin 77).
extern const TfliteOpMapping kShapeTflite = {{77}, 1, &shape_mapping::Map};

}  // namespace arenastore::planner
