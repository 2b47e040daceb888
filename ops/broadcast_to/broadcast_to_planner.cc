// broadcast_to's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering derives kernels::BroadcastToParams from the shapes), the (empty) BroadcastToOptions it
// writes to an artifact and reads back for re-planning, and which of those fields two artifacts
// must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace broadcast_to_lowering {

// The operands' quantization, alike (the kernel copies bytes), which only the host checks; the
// runtime's lowering checks the shapes broadcast and derives the walk.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  return l.ExpectSameQuantization(input, output);
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
