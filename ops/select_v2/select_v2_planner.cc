// select_v2's planner unit: its lowering (only the quantization checks; kernels::SelectV2Params
// come from the runtime's lowering of its tensors), and the empty SelectV2Options it writes and
// reads back for re-planning.
#include "planner/empty_options_planning.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
namespace select_v2_lowering {

// The runtime's lowering checks the operands' types and how they broadcast and fills the
// params; the planner still refuses x, y or output without a valid quantization.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<SelectV2Attributes>().status());
  return ExpectQuantizedOperands(l, {{l.Input(1), "x"}, {l.Input(2), "y"}, {l.Output(), "output"}});
}

}  // namespace select_v2_lowering

extern const PlannerOp kSelectV2Planner =
    EmptyOptionsPlanner<SelectV2Attributes>(&select_v2_lowering::Lower);

}  // namespace arenastore::planner
