// reshape's planner unit: nothing the host alone computes (the runtime's lowering checks that input
// and output hold the same bytes and derives kernels::ReshapeParams), and the (empty)
// ReshapeOptions it writes (planner/empty_options_planning.h).
// Its TensorFlow Lite mapping: RESHAPE, SQUEEZE and EXPAND_DIMS -> a graph op with
// ReshapeAttributes. All three only restate the output tensor's static shape over the same bytes,
// so they are one op here: the planner makes it an alias of its input (no copy, no arena bytes).
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kReshapePlanner = EmptyOptionsPlanner<ReshapeAttributes>();

namespace reshape_mapping {

constexpr int32_t kReshapeBuiltin = 22;     // TensorFlow Lite's RESHAPE
constexpr int32_t kSqueezeBuiltin = 43;     // TensorFlow Lite's SQUEEZE
constexpr int32_t kExpandDimsBuiltin = 70;  // TensorFlow Lite's EXPAND_DIMS

// The shape operand (or new_shape option), squeeze_dims and the expand_dims axis operand only
// restate the output tensor's static shape, which the planner checks holds the same bytes.
Status Map(TfliteOpMapper& m) {
  if (m.builtin() == kSqueezeBuiltin) {
    ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  } else if (m.builtin() == kExpandDimsBuiltin) {
    ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  } else {
    ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 2, 1));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::ReshapeOptions* o,
                                m.OptionsOf<tfl::ReshapeOptions>(false));
    (void)o;
  }
  // Any element type moves as bytes; an int16 (16x8) one needs the mapping to vouch for it.
  m.AcceptIfInt16({m.input(0), m.output()});
  return m.Emit(kernels::OpKind::kReshape, {m.input(0)}, ReshapeAttributes{});
}

}  // namespace reshape_mapping

extern const TfliteOpMapping kReshapeTflite = {
    {reshape_mapping::kReshapeBuiltin, reshape_mapping::kSqueezeBuiltin,
     reshape_mapping::kExpandDimsBuiltin},
    3,
    &reshape_mapping::Map};

}  // namespace arenastore::planner
