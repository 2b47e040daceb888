// fill's planner unit: nothing the host alone computes (the runtime's lowering checks the int8
// scalar value and output and derives kernels::FillParams); its options are EmptyOptions
// (planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"

namespace arenastore::planner {

extern const PlannerOp kFillPlanner = EmptyOptionsPlanner<FillAttributes>();

}  // namespace arenastore::planner
