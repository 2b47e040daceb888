// shape's planner unit: nothing the host alone computes (the runtime's lowering checks the
// operands and carries the input's dims in kernels::ShapeParams); its options are EmptyOptions
// (planner/empty_options_planning.h).
#include "planner/empty_options_planning.h"

namespace arenastore::planner {

extern const PlannerOp kShapePlanner = EmptyOptionsPlanner<ShapeAttributes>();

}  // namespace arenastore::planner
