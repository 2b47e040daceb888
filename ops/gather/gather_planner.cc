// gather's planner unit: the indices it keeps for the runtime's kernels::GatherParams to point at
// (the LoweredOp holds them), the GatherOptions it writes (axis and
// batch_dims made non-negative) and reads back for re-planning, and which fields two artifacts
// must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace gather_lowering {

// TensorFlow Lite counts a negative axis from the end of the input, a negative batch_dims from
// the end of the indices.
void Normalize(const GatherAttributes& a, size_t input_rank, int32_t* axis, int32_t* batch_dims) {
  *axis = a.axis < 0 ? a.axis + static_cast<int32_t>(input_rank) : a.axis;
  *batch_dims =
      a.batch_dims < 0 ? a.batch_dims + static_cast<int32_t>(a.indices_shape.size()) : a.batch_dims;
}

// The indices, folded into the options, kept here so the params point at this object's copy
// (as a device's point at its artifact's); the runtime's lowering checks them against the
// shapes and derives kernels::GatherParams.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const GatherAttributes a, l.AttributesAs<GatherAttributes>());
  if (a.indices.size() > static_cast<size_t>(INT32_MAX)) return l.Fail("too many indices");
  *lowered->mutable_constants() = a.indices;
  lowered->set_rebind([](const LoweredOp& from, kernels::OpParams& params) {
    params.gather.indices = from.constants().data();
  });
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<GatherAttributes>();
  int32_t axis = 0, batch_dims = 0;
  Normalize(a, w.graph().tensors[w.op().inputs[0]].shape.size(), &axis, &batch_dims);
  return Written(schema::CreateGatherOptionsDirect(w.builder(), axis, a.axis_dims, batch_dims,
                                                   &a.indices_shape, &a.indices));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const schema::GatherOptions* o = op.options_as_GatherOptions();
  return OpAttributes(GatherAttributes{o->axis(), o->axis_dims(), o->batch_dims(),
                                       CopyVector(o->indices_shape()), CopyVector(o->indices())});
}

}  // namespace gather_lowering

extern const PlannerOp kGatherPlanner = {&gather_lowering::Lower, &gather_lowering::Write,
                                         &gather_lowering::Read};

}  // namespace arenastore::planner
