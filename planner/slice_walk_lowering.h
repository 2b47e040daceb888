// The planner side strided_slice, slice and reverse_v2 share: the same per-dimension walk
// (SliceWalkAttributes: begin, stride, count) written to and read back from SliceOptions, and
// compared between artifacts; the runtime's lowering turns it into kernels::StridedCopyParams.
// Each unit adds only its attributes type and its params member. Host-only; errors as
// planner/lowering.h.
#pragma once

#include "kernels/strided_copy.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/slice_walk_attributes.h"

namespace arenastore::planner {

// What only the host checks: input and output quantized alike (a byte copy), the output no
// deeper than the input. The runtime's lowering checks the walk against the shapes.
Status CheckSliceWalk(const Lowering& l);

WrittenOptions WriteSliceWalk(OptionsWriter& w, const SliceWalkAttributes& a);
SliceWalkAttributes ReadSliceWalk(const schema::Operator& op);

// The PlannerOp functions of a unit whose attributes are `Attributes` (a SliceWalkAttributes).
template <typename Attributes>
Status LowerSliceWalkOf(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  return CheckSliceWalk(l);
}
template <typename Attributes>
WrittenOptions WriteSliceWalkOf(OptionsWriter& w) {
  return WriteSliceWalk(w, w.attributes<Attributes>());
}
template <typename Attributes>
Result<OpAttributes> ReadSliceWalkOf(const schema::Operator& op) {
  return OpAttributes(Attributes{ReadSliceWalk(op)});
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
  return {&LowerSliceWalkOf<Attributes>, &WriteSliceWalkOf<Attributes>,
          &ReadSliceWalkOf<Attributes>, nullptr, aliasing};
}

}  // namespace arenastore::planner
