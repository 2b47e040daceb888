// reshape's planner unit: nothing the host alone computes (the runtime's lowering checks that
// input and output hold the same bytes and derives kernels::ReshapeParams), the (empty)
// ReshapeOptions it writes (planner/empty_options_planning.h), and that its output is its input's
// bytes.
#include "planner/empty_options_planning.h"

namespace arenastore::planner {

constexpr PlannerOp kReshapeFieldless = EmptyOptionsPlanner<ReshapeAttributes>();
extern const PlannerOp kReshapePlanner = {kReshapeFieldless.lower,
                                          kReshapeFieldless.write,
                                          kReshapeFieldless.read,
                                          nullptr,
                                          {InputAliasing::kAlways}};

}  // namespace arenastore::planner
