// gather's planner unit: the indices it keeps for the runtime's kernels::GatherParams to point at
// (the LoweredOp holds them), the GatherOptions it writes (axis and
// batch_dims made non-negative) and reads back for re-planning, and which fields two artifacts
// must share to compute the same thing.
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {
namespace gather_lowering {

// The indices, folded into the options, kept here so the params point at this object's copy
// (as a device's point at its artifact's); the runtime's lowering checks them against the
// shapes and derives kernels::GatherParams.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<GatherAttributes>().status());
  GatherAttributes& a = lowered->mutable_options<GatherAttributes>();
  if (a.indices.size() > static_cast<size_t>(INT32_MAX)) return l.Fail("too many indices");
  // TensorFlow Lite counts a negative axis from the end of the input, a negative batch_dims from
  // the end of the indices; the runtime's lowering checks both against the shapes.
  if (a.axis < 0) a.axis += static_cast<int32_t>(l.Input(0).shape.size());
  if (a.batch_dims < 0) a.batch_dims += static_cast<int32_t>(a.indices_shape.size());
  *lowered->mutable_constants() = a.indices;
  lowered->set_rebind([](const LoweredOp& from, kernels::OpParams& params) {
    params.gather.indices = from.constants().data();
  });
  return Status::Ok();
}

}  // namespace gather_lowering

extern const PlannerOp kGatherPlanner =
    OptionsStructPlanner<GatherAttributes>(&gather_lowering::Lower);

}  // namespace arenastore::planner
