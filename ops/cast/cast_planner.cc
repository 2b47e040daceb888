// cast's planner unit: nothing to lower on the host, since kernels::CastParams (an int8, int16 or
// int32 input, an output of its shape of those types or float32; values convert, quantization is
// not read) come whole from the runtime's lowering of its tensors; its options are EmptyOptions.
#include "planner/empty_options_planning.h"

namespace arenastore::planner {

extern const PlannerOp kCastPlanner = EmptyOptionsPlanner<CastAttributes>();

}  // namespace arenastore::planner
