// The planner side space_to_batch_nd and batch_to_space_nd share: their BlockSpaceAttributes
// (block shape and the before/after paddings or crops of each spatial dimension) checked against
// the operands, written to and read back from BlockSpaceOptions, and compared. Each unit adds its
// kernels::Make*Params call. Host-only; errors as planner/lowering.h.
#pragma once

#include "planner/block_space_attributes.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

// Fails unless input and output are rank-3 or rank-4 activations quantized alike and `a` has
// one entry per spatial dimension (`edges` names the before/after pair: "padding", "crop").
Status CheckBlockSpace(const Lowering& l, const BlockSpaceAttributes& a, const char* edges);

WrittenOptions WriteBlockSpace(OptionsWriter& w, const BlockSpaceAttributes& a);
BlockSpaceAttributes ReadBlockSpace(const schema::Operator& op);

// The PlannerOp write and read of a unit whose attributes are `Attributes` (a
// BlockSpaceAttributes).
template <typename Attributes>
WrittenOptions WriteBlockSpaceOf(OptionsWriter& w) {
  return WriteBlockSpace(w, w.attributes<Attributes>());
}
template <typename Attributes>
Result<OpAttributes> ReadBlockSpaceOf(const schema::Operator& op) {
  return OpAttributes(Attributes{ReadBlockSpace(op)});
}

}  // namespace arenastore::planner
