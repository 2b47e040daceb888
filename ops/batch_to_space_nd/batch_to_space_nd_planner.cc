// batch_to_space_nd's planner unit: its walk (kernels::MakeBatchToSpaceNdParams: batch blocks
// moved back into space, then cropped), over the BlockSpaceOptions
// planner/block_space_lowering.h checks, writes, reads back and compares.
#include "planner/block_space_lowering.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace batch_to_space_nd_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const BatchToSpaceNdAttributes a,
                              l.AttributesAs<BatchToSpaceNdAttributes>());
  ARENASTORE_RETURN_IF_ERROR(CheckBlockSpace(l, a, "crop"));
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  const Status status = kernels::MakeBatchToSpaceNdParams(
      static_cast<int32_t>(input.shape.size()), input.shape.data(), output.shape.data(),
      a.block_shape.data(), a.before.data(), a.after.data(), &lowered->params().batch_to_space_nd);
  if (!status.ok()) return l.Fail("{}", status.message());
  return Status::Ok();
}

}  // namespace batch_to_space_nd_lowering

extern const PlannerOp kBatchToSpaceNdPlanner = {&batch_to_space_nd_lowering::Lower,
                                                 &WriteBlockSpaceOf<BatchToSpaceNdAttributes>,
                                                 &ReadBlockSpaceOf<BatchToSpaceNdAttributes>};

}  // namespace arenastore::planner
