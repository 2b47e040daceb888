// The PlannerOp of an op whose options table has no fields: EmptyOptions (fill, zeros_like, shape,
// cast, dequantize, quantize_float) or an empty one of its own (broadcast_to, maximum, minimum,
// select_v2, l2_normalization, reshape). Only the lowering is the op's own (none when the
// runtime's lowering makes every check); its attributes are the empty options struct
// (planner/options_struct_planning.h). Used by those units' planner files. Host-only.
#pragma once

#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {

// The lowering of an op whose params and checks the runtime's lowering all derives from its
// tensors (planner/one_op_artifact.h): the host only confirms the graph op's attributes.
template <typename Attributes>
Status LowerAttributesOnly(const Lowering& l, LoweredOp* /*lowered*/) {
  return l.AttributesAs<Attributes>().status();
}

template <typename Attributes>
constexpr PlannerOp EmptyOptionsPlanner(
    Status (*lower)(const Lowering&, LoweredOp*) = &LowerAttributesOnly<Attributes>) {
  return OptionsStructPlanner<Attributes>(lower);
}

}  // namespace arenastore::planner
