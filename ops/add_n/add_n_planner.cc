// add_n's planner unit: its lowering completes the AddNOptions (as TensorFlow Lite Micro
// prepares the op: ADD's rescaling with one input scale, left shift 20, no fused activation); the
// options struct is its attributes, written and read back whole.
#include "planner/options_struct_planning.h"
#include "planner/quantized_operands.h"
#include "planner/uniform_rescale_lowering.h"

namespace arenastore::planner {
namespace add_n_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<AddNAttributes>().status());
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{output, "output"}}));
  // One input multiplier serves every input, so they share one scale (the runtime's lowering
  // checks their zero points, types and shapes, and counts them).
  const Tensor& first = l.Input(0);
  for (size_t k = 0; k < l.op().inputs.size(); ++k) {
    const Tensor& input = l.Input(k);
    ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{input, "input"}}));
    if (input.scale() != first.scale()) {
      return l.Fail("input {} scale {} differs from input 0's {}", k, input.scale(), first.scale());
    }
  }
  return LowerUniformRescale(l, first, output, &lowered->mutable_options<AddNAttributes>());
}

}  // namespace add_n_lowering

extern const PlannerOp kAddNPlanner = OptionsStructPlanner<AddNAttributes>(&add_n_lowering::Lower);

}  // namespace arenastore::planner
