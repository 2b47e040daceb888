// quantize_float's planner unit: nothing to lower on the host, since kernels::QuantizeFloatParams
// (a float32 input, a per-tensor quantized int8 or int16 output of its shape) come whole from the
// runtime's lowering of its tensors, which checks the scale too; its options are EmptyOptions.
#include "planner/empty_options_planning.h"

namespace arenastore::planner {

extern const PlannerOp kQuantizeFloatPlanner = EmptyOptionsPlanner<QuantizeFloatAttributes>();

}  // namespace arenastore::planner
