// maximum's planner unit: its lowering to kernels::MaximumParams (the broadcast shapes; TFLM
// compares raw int8 values, so no quantization enters), the empty MaximumMinimumOptions it writes
// (shared with minimum) and reads back for re-planning.
#include "planner/broadcast_lowering.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace maximum_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<MaximumAttributes>().status());
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Input(0), "input1"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(l.Input(0), l.Input(1), "input2"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(l.Input(0), l.Output(), "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Input(1), "input2"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Output(), "output"));
  return BroadcastShapesOf(l, &lowered->params().maximum);
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::MaximumMinimumOptions,
          schema::CreateMaximumMinimumOptions(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(MaximumAttributes{});
}

}  // namespace maximum_lowering

extern const PlannerOp kMaximumPlanner = {&maximum_lowering::Lower, &maximum_lowering::Write,
                                          &maximum_lowering::Read};

}  // namespace arenastore::planner
