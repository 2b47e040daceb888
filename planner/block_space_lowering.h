// The planner side space_to_batch_nd and batch_to_space_nd share: their BlockSpaceAttributes
// (block shape and the before/after paddings or crops of each spatial dimension) written to and
// read back from BlockSpaceOptions, and compared, with the operands' quantization checked; the
// runtime's lowering checks the rest and derives each unit's walk. Host-only; errors as
// planner/lowering.h.
#pragma once

#include "planner/block_space_attributes.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

// Fails unless input and output are quantized alike (the kernels move bytes): what only the host
// checks.
Status CheckBlockSpace(const Lowering& l);

WrittenOptions WriteBlockSpace(OptionsWriter& w, const BlockSpaceAttributes& a);
BlockSpaceAttributes ReadBlockSpace(const schema::Operator& op);

// The PlannerOp lowering, write and read of a unit whose attributes are `Attributes` (a
// BlockSpaceAttributes).
template <typename Attributes>
Status LowerBlockSpaceOf(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  return CheckBlockSpace(l);
}
template <typename Attributes>
WrittenOptions WriteBlockSpaceOf(OptionsWriter& w) {
  return WriteBlockSpace(w, w.attributes<Attributes>());
}
template <typename Attributes>
Result<OpAttributes> ReadBlockSpaceOf(const schema::Operator& op) {
  return OpAttributes(Attributes{ReadBlockSpace(op)});
}

// A block/space unit's PlannerOp: the above over its attributes.
template <typename Attributes>
constexpr PlannerOp BlockSpacePlanner() {
  return {&LowerBlockSpaceOf<Attributes>, &WriteBlockSpaceOf<Attributes>,
          &ReadBlockSpaceOf<Attributes>};
}

}  // namespace arenastore::planner
