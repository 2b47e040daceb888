// dequantize's planner unit: nothing to lower on the host, since kernels::DequantizeParams (a
// per-tensor quantized int8 or int16 input, a float32 output of its shape) come whole from the
// runtime's lowering of its tensors, which checks the scale too; its options are EmptyOptions.
#include "planner/empty_options_planning.h"

namespace arenastore::planner {

extern const PlannerOp kDequantizePlanner = EmptyOptionsPlanner<DequantizeAttributes>();

}  // namespace arenastore::planner
