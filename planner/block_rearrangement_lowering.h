// The planner side of the ops that move whole elements by blocks: space_to_depth and
// depth_to_space (one block size, BlockSizeOptions), space_to_batch_nd and batch_to_space_nd
// (block shape and paddings or crops, BlockSpaceOptions). Their attributes are their options
// struct (planner/options_struct_planning.h); the host checks only the operands' quantization,
// the runtime's lowering builds the walk and checks the shapes. Each unit adds only its
// attributes type. Host-only; errors as planner/lowering.h.
#pragma once

#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {

// Fails unless input and output are quantized alike (the kernels move bytes): what only the host
// checks.
Status CheckBlockRearrangement(const Lowering& l);

template <typename Attributes>
Status LowerBlockRearrangementOf(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  return CheckBlockRearrangement(l);
}

// A block unit's PlannerOp.
template <typename Attributes>
constexpr PlannerOp BlockRearrangementPlanner() {
  return OptionsStructPlanner<Attributes>(&LowerBlockRearrangementOf<Attributes>);
}

}  // namespace arenastore::planner
