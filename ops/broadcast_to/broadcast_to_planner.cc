// broadcast_to's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering checks that the shapes broadcast and derives kernels::BroadcastToParams), and the
// (empty) BroadcastToOptions it writes (planner/empty_options_planning.h).
// Its TensorFlow Lite mapping: BROADCAST_TO -> a graph op with BroadcastToAttributes (the constant
// shape operand only restates the output's static shape, and must), or a reason it cannot run here.
#include <algorithm>

#include "kernels/strided_copy.h"
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kBroadcastToPlanner =
    EmptyOptionsPlanner<BroadcastToAttributes>(&LowerQuantizedMove<BroadcastToAttributes>);

namespace broadcast_to_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.Constant({1}, "shape")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> shape, m.IntegerOperand(1, "shape"));
  const std::vector<int32_t> output = m.reader().ShapeOf(m.output());
  if (shape.size() != output.size() || !std::equal(shape.begin(), shape.end(), output.begin(),
                                                   [](int64_t a, int32_t b) { return a == b; })) {
    return m.Fail("the shape operand differs from the output's shape");
  }
  const size_t input_rank = m.reader().ShapeOf(m.input(0)).size();
  if (output.empty() || output.size() > 5 || input_rank > output.size()) {
    m.Refuse(fmt::format("rank {} to rank {} (TFLM broadcasts up to rank 5)", input_rank,
                         output.size()));
    return Status::Ok();
  }
  return m.EmitByteMove(kernels::OpKind::kBroadcastTo, BroadcastToAttributes{});
}

}  // namespace broadcast_to_mapping

// TensorFlow Lite's BROADCAST_TO (builtin 130).
extern const TfliteOpMapping kBroadcastToTflite = {{130}, 1, &broadcast_to_mapping::Map};

}  // namespace arenastore::planner
