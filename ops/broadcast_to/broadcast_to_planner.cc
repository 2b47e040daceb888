// broadcast_to's planner unit: its lowering from the graph's shapes to kernels::BroadcastToParams
// (as TensorFlow Lite prepares the op), the (empty) BroadcastToOptions it writes to an artifact
// and reads back for re-planning, and which of those fields two artifacts must share to compute
// the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/moved_elements.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace broadcast_to_lowering {

Status LowerParams(const Lowering& l, kernels::StridedCopyParams* p) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  const Status status = kernels::MakeBroadcastToParams(
      static_cast<int32_t>(input.shape.size()), input.shape.data(),
      static_cast<int32_t>(output.shape.size()), output.shape.data(), p);
  if (!status.ok()) return l.Fail("{}", status.message());
  return WidenWalk(l, input, p);
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerParams(l, &lowered->params().broadcast_to);
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::BroadcastToOptions,
          schema::CreateBroadcastToOptions(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(BroadcastToAttributes{});
}

}  // namespace broadcast_to_lowering

extern const PlannerOp kBroadcastToPlanner = {
    &broadcast_to_lowering::Lower, &broadcast_to_lowering::Write, &broadcast_to_lowering::Read};

}  // namespace arenastore::planner
