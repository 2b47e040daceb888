// space_to_batch_nd's planner unit: its walk (kernels::MakeSpaceToBatchNdParams: the input,
// padded with the output zero point, cut into blocks moved to the batch), over the
// BlockSpaceOptions planner/block_space_lowering.h checks, writes, reads back and compares.
#include "planner/block_space_lowering.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace space_to_batch_nd_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const SpaceToBatchNdAttributes a,
                              l.AttributesAs<SpaceToBatchNdAttributes>());
  ARENASTORE_RETURN_IF_ERROR(CheckBlockSpace(l, a, "padding"));
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  const Status status = kernels::MakeSpaceToBatchNdParams(
      static_cast<int32_t>(input.shape.size()), input.shape.data(), output.shape.data(),
      a.block_shape.data(), a.before.data(), a.after.data(), output.zero_point(),
      &lowered->params().space_to_batch_nd);
  if (!status.ok()) return l.Fail("{}", status.message());
  return Status::Ok();
}

}  // namespace space_to_batch_nd_lowering

extern const PlannerOp kSpaceToBatchNdPlanner = {&space_to_batch_nd_lowering::Lower,
                                                 &WriteBlockSpaceOf<SpaceToBatchNdAttributes>,
                                                 &ReadBlockSpaceOf<SpaceToBatchNdAttributes>};

}  // namespace arenastore::planner
