// maximum's planner unit: only the operands' quantization checks (TFLM compares raw values, and
// kernels::MaximumParams, the broadcast shapes, come from the runtime's lowering), and the empty
// MaximumMinimumOptions it writes (shared with minimum; planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {

extern const PlannerOp kMaximumPlanner =
    EmptyOptionsPlanner<MaximumAttributes>(&LowerQuantizedBinary<MaximumAttributes>);

}  // namespace arenastore::planner
