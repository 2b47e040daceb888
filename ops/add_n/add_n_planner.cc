// add_n's planner unit: its lowering completes the AddNOptions (as TensorFlow Lite Micro prepares
// the op: ADD's rescaling with one input scale, left shift 20, no fused activation); the options
// struct is its attributes, written and read back whole.
// Its TensorFlow Lite mapping: ADD_N -> a graph op with AddNAttributes (the inputs in order), or a
// reason it cannot run here (more inputs than an operator may have).
#include "planner/op_unit.h"
#include "planner/uniform_rescale_lowering.h"

namespace arenastore::planner {
namespace add_n_planning {

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

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectVariadic(2));
  m.RefuseOverMaxInputs();
  return m.Emit(kernels::OpKind::kAddN, m.inputs(), AddNAttributes{});
}

}  // namespace add_n_planning

extern const PlannerOp kAddNPlanner = OptionsStructPlanner<AddNAttributes>(&add_n_planning::Lower);

// TensorFlow Lite's ADD_N (builtin 106).
extern const TfliteOpMapping kAddNTflite = {{106}, 1, &add_n_planning::Map};

}  // namespace arenastore::planner
