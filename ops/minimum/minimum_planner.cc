// minimum's planner unit: its lowering to kernels::MinimumParams (the broadcast shapes; TFLM
// compares raw int8 values, so no quantization enters), the empty MaximumMinimumOptions it writes
// (shared with maximum) and reads back for re-planning.
#include "planner/broadcast_lowering.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace minimum_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<MinimumAttributes>().status());
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Input(0), "input1"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(l.Input(0), l.Input(1), "input2"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(l.Input(0), l.Output(), "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Input(1), "input2"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Output(), "output"));
  return BroadcastShapesOf(l, &lowered->params().minimum);
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::MaximumMinimumOptions,
          schema::CreateMaximumMinimumOptions(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(MinimumAttributes{});
}

}  // namespace minimum_lowering

extern const PlannerOp kMinimumPlanner = {&minimum_lowering::Lower, &minimum_lowering::Write,
                                          &minimum_lowering::Read};

}  // namespace arenastore::planner
