// cumsum's planner unit: its lowering completes the CumsumOptions (as TensorFlow Lite Micro
// prepares the op: ADD's rescaling with the input's scale, left shift 20, no fused activation);
// the options struct is its attributes, written and read back whole.
#include "planner/options_struct_planning.h"
#include "planner/quantized_operands.h"
#include "planner/uniform_rescale_lowering.h"

namespace arenastore::planner {
namespace cumsum_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<CumsumAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{input, "input"}, {output, "output"}}));
  // A negative axis counts from the end: the artifact records it in [0, rank) exactly when it was
  // in range (the runtime's lowering checks it and derives the sizes around it).
  CumsumAttributes& o = lowered->mutable_options<CumsumAttributes>();
  if (o.axis < 0) o.axis += static_cast<int32_t>(input.shape.size());
  return LowerUniformRescale(l, input, output, &o);
}

}  // namespace cumsum_lowering

extern const PlannerOp kCumsumPlanner =
    OptionsStructPlanner<CumsumAttributes>(&cumsum_lowering::Lower);

}  // namespace arenastore::planner
