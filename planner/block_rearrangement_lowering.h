// The planner side space_to_depth and depth_to_space share: an NHWC tensor rearranged by one
// block size (BlockSizeOptions), its operands' quantization checked; the runtime's lowering
// builds the walk and checks the shapes. Each unit adds only its attributes type. Host-only;
// errors as planner/lowering.h.
#pragma once

#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

// Fails unless input and output are quantized alike (the kernels move bytes): what only the host
// checks.
Status CheckBlockRearrangement(const Lowering& l);

WrittenOptions WriteBlockSize(OptionsWriter& w, int32_t block_size);
int32_t ReadBlockSize(const schema::Operator& op);

// The PlannerOp lowering, write and read of a unit whose attributes are `Attributes`
// ({block_size}).
template <typename Attributes>
Status LowerBlockRearrangementOf(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  return CheckBlockRearrangement(l);
}
template <typename Attributes>
WrittenOptions WriteBlockSizeOf(OptionsWriter& w) {
  return WriteBlockSize(w, w.attributes<Attributes>().block_size);
}
template <typename Attributes>
Result<OpAttributes> ReadBlockSizeOf(const schema::Operator& op) {
  Attributes a;
  a.block_size = ReadBlockSize(op);
  return OpAttributes(a);
}

// A block rearrangement unit's PlannerOp: the above over its attributes.
template <typename Attributes>
constexpr PlannerOp BlockRearrangementPlanner() {
  return {&LowerBlockRearrangementOf<Attributes>, &WriteBlockSizeOf<Attributes>,
          &ReadBlockSizeOf<Attributes>};
}

}  // namespace arenastore::planner
