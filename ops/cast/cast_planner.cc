// cast's planner unit: nothing to lower on the host, since kernels::CastParams (an int8, int16 or
// int32 input, an output of its shape of those types or float32; values convert, quantization is
// not read) come whole from the runtime's lowering of its tensors; its options are EmptyOptions.
#include "planner/empty_options_planning.h"

namespace arenastore::planner {
namespace cast_lowering {

Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  return l.AttributesAs<CastAttributes>().status();
}

}  // namespace cast_lowering

extern const PlannerOp kCastPlanner = EmptyOptionsPlanner<CastAttributes>(&cast_lowering::Lower);

}  // namespace arenastore::planner
