// broadcast_to's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering checks that the shapes broadcast and derives kernels::BroadcastToParams), and the
// (empty) BroadcastToOptions it writes (planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {

extern const PlannerOp kBroadcastToPlanner =
    EmptyOptionsPlanner<BroadcastToAttributes>(&LowerQuantizedMove<BroadcastToAttributes>);

}  // namespace arenastore::planner
