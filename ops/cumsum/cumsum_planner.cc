// cumsum's planner unit: its lowering from graph attributes and float scales to
// kernels::CumsumParams (as TensorFlow Lite Micro prepares the op: ADD's rescaling with the
// input's scale, left shift 20, no fused activation), the CumsumOptions it writes to an artifact
// and reads back for re-planning, and which of those fields two artifacts must share to compute
// the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantized_operands.h"
#include "planner/uniform_rescale_lowering.h"

namespace arenastore::planner {
namespace cumsum_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<CumsumAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{input, "input"}, {output, "output"}}));
  // The axis (Write adds the rank to a negative one: in range exactly when the attribute was),
  // the sizes around it and the flags are the runtime's, from the options and tensors.
  return LowerUniformRescale(l, input, output, &lowered->params().cumsum);
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<CumsumAttributes>();
  const auto& k = w.params().cumsum;
  const int32_t rank = static_cast<int32_t>(w.graph().tensors[w.op().inputs[0]].shape.size());
  return Written(schema::CreateCumsumOptions(w.builder(), a.axis < 0 ? a.axis + rank : a.axis,
                                             a.exclusive, a.reverse, k.activation_min,
                                             k.activation_max, k.left_shift, k.input_multiplier,
                                             k.input_shift, k.output_multiplier, k.output_shift));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_CumsumOptions();
  return OpAttributes(CumsumAttributes{o.axis(), o.exclusive(), o.reverse()});
}

}  // namespace cumsum_lowering

extern const PlannerOp kCumsumPlanner = {&cumsum_lowering::Lower, &cumsum_lowering::Write,
                                         &cumsum_lowering::Read};

}  // namespace arenastore::planner
