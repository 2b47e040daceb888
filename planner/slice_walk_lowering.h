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

// OpAliasing::part_start of a unit whose params are the walk `Member`: where the output starts in
// the input when the walk reads one contiguous run of it (its sizes count bytes for either
// element width: int16 walks are widened to bytes); -1 otherwise.
template <kernels::StridedCopyParams kernels::OpParams::*Member>
int64_t ContiguousWalkStart(const kernels::OpParams& params, size_t /*output*/) {
  const kernels::StridedCopyParams& walk = params.*Member;
  return kernels::StridedCopyIsContiguous(walk) ? walk.input_start : -1;
}

// A slice-walk unit's PlannerOp: the above over its attributes; `aliasing` when its output may
// be a contiguous run of its input.
template <typename Attributes>
constexpr PlannerOp SliceWalkPlanner(OpAliasing aliasing = {}) {
  PlannerOp unit = OptionsStructPlanner<Attributes>(&LowerSliceWalkOf<Attributes>);
  unit.aliasing = aliasing;
  return unit;
}

}  // namespace arenastore::planner
