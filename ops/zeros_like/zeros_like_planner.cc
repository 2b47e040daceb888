// zeros_like's planner unit: nothing the host alone computes (the runtime's lowering checks the
// int8 operands of one shape and derives kernels::ZerosLikeParams); its options are EmptyOptions
// (planner/empty_options_planning.h).
// Its TensorFlow Lite mapping: ZEROS_LIKE -> a graph zeros_like over its input, or a reason it
// cannot run here (types other than int8).
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kZerosLikePlanner = EmptyOptionsPlanner<ZerosLikeAttributes>();

namespace zeros_like_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  if (m.reader().TensorTypeOf(m.input(0)) != tfl::TensorType::INT8 ||
      m.reader().TensorTypeOf(m.output()) != tfl::TensorType::INT8) {
    m.Refuse("only an int8 input and output run here");
    return Status::Ok();
  }
  return m.Emit(kernels::OpKind::kZerosLike, {m.input(0)}, ZerosLikeAttributes{});
}

}  // namespace zeros_like_mapping

// TensorFlow Lite's ZEROS_LIKE (builtin 93).
extern const TfliteOpMapping kZerosLikeTflite = {{93}, 1, &zeros_like_mapping::Map};

}  // namespace arenastore::planner
