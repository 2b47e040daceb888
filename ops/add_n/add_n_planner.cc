// add_n's planner unit: its lowering from graph attributes and float scales to
// kernels::AddNParams (as TensorFlow Lite Micro prepares the op: ADD's rescaling with one input
// scale, left shift 20, no fused activation), the AddNOptions it writes to an artifact and reads
// back for re-planning, and which of those fields two artifacts must share to compute the same
// thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
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
  return LowerUniformRescale(l, first, output, &lowered->params().add_n);
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& k = w.params().add_n;
  return Written(schema::CreateAddNOptions(w.builder(), k.activation_min, k.activation_max,
                                           k.left_shift, k.input_multiplier, k.input_shift,
                                           k.output_multiplier, k.output_shift));
}

}  // namespace add_n_lowering

extern const PlannerOp kAddNPlanner = {&add_n_lowering::Lower, &add_n_lowering::Write,
                                       &ReadNoFields<AddNAttributes>};

}  // namespace arenastore::planner
