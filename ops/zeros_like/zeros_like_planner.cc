// zeros_like's planner unit: nothing the host alone computes (the runtime's lowering checks the
// int8 operands of one shape and derives kernels::ZerosLikeParams); its options are
// EmptyOptions (planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"

namespace arenastore::planner {

extern const PlannerOp kZerosLikePlanner = EmptyOptionsPlanner<ZerosLikeAttributes>();

}  // namespace arenastore::planner
