// The planner side strided_slice, slice and reverse_v2 share: the same per-dimension walk, their
// attributes being the SliceOptions struct (begin, stride, count; planner/options_attributes.h);
// the runtime's lowering turns it into kernels::StridedCopyParams. Each unit adds only its
// attributes type and its params member. Host-only; errors as
// planner/lowering.h.
#pragma once

#include "kernels/strided_copy.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {

// What only the host checks: input and output quantized alike (a byte copy), the output no
// deeper than the input. The runtime's lowering checks the walk against the shapes.
Status CheckSliceWalk(const Lowering& l);

// The lowering of a unit whose attributes are `Attributes` (a SliceOptions struct).
template <typename Attributes>
Status LowerSliceWalkOf(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  return CheckSliceWalk(l);
}

// A slice-walk unit's PlannerOp: the above over its attributes.
template <typename Attributes>
constexpr PlannerOp SliceWalkPlanner() {
  return OptionsStructPlanner<Attributes>(&LowerSliceWalkOf<Attributes>);
}

}  // namespace arenastore::planner
