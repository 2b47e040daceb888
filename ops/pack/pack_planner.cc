// pack's planner unit: the check of its axis only the host can make (the runtime's lowering
// derives kernels::PackParams and checks the shapes), the PackOptions it writes to an artifact
// and reads back for re-planning, and where each input lies in the output.
#include "ops/pack/pack.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace pack_lowering {

// The axis, before Write normalizes it: a second wrap would hide an axis below -rank. The
// runtime's lowering derives the sizes and checks the shapes and types.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_ASSIGN_OR_RETURN(const PackAttributes a, l.AttributesAs<PackAttributes>());
  const int32_t rank = static_cast<int32_t>(l.Output().shape.size());
  const int32_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (axis < 0 || axis >= rank) return l.Fail("axis {} out of range for rank {}", a.axis, rank);
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<PackAttributes>();
  const int32_t rank = static_cast<int32_t>(w.graph().tensors[w.op().outputs[0]].shape.size());
  return Written(schema::CreatePackOptions(w.builder(), a.axis < 0 ? a.axis + rank : a.axis));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(PackAttributes{op.options_as_PackOptions()->axis()});
}

// Input `part`'s start in the output, when its producer may write it there (nothing before the
// axis); the kernel then finds it in place.
int64_t PartStart(const kernels::OpParams& params, size_t part) {
  return kernels::PackInputStartInOutput(params.pack, static_cast<int32_t>(part));
}

}  // namespace pack_lowering

extern const PlannerOp kPackPlanner = {&pack_lowering::Lower,
                                       &pack_lowering::Write,
                                       &pack_lowering::Read,
                                       nullptr,
                                       {InputAliasing::kGathersInputs, &pack_lowering::PartStart}};

}  // namespace arenastore::planner
