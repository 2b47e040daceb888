// reshape's planner unit: nothing the host alone computes (the runtime's lowering checks that
// input and output hold the same bytes and derives kernels::ReshapeParams), and the (empty)
// ReshapeOptions it writes (planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"

namespace arenastore::planner {

extern const PlannerOp kReshapePlanner = EmptyOptionsPlanner<ReshapeAttributes>();

}  // namespace arenastore::planner
