// maximum's planner unit: its lowering (only the operands' quantization checks: TFLM compares raw
// values, and kernels::MaximumParams, the broadcast shapes, come from the runtime's
// lowering), the empty MaximumMinimumOptions it writes (shared with minimum) and reads back.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
namespace maximum_lowering {

// The runtime's lowering checks the operands' types and shapes and fills the params; the planner
// still refuses operands without a valid quantization, as TFLite's converter never writes them.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<MaximumAttributes>().status());
  return ExpectQuantizedOperands(
      l, {{l.Input(0), "input1"}, {l.Input(1), "input2"}, {l.Output(), "output"}});
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
