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
#include "planner/uniform_rescale_lowering.h"

namespace arenastore::planner {
namespace cumsum_lowering {

Status LowerCumsumParams(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const CumsumAttributes a, l.AttributesAs<CumsumAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(output, input.shape, "output"));
  const int32_t rank = static_cast<int32_t>(input.shape.size());
  const int32_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (rank < 1 || axis < 0 || axis >= rank) {
    return l.Fail("axis {} out of range for rank {}", a.axis, rank);
  }
  auto& s = p->cumsum;
  s.outer_size = 1;
  s.inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) s.outer_size *= input.shape[i];
  s.axis_size = input.shape[axis];
  for (int32_t i = axis + 1; i < rank; ++i) s.inner_size *= input.shape[i];
  s.exclusive = a.exclusive ? 1 : 0;
  s.reverse = a.reverse ? 1 : 0;
  return LowerUniformRescale(l, input, output, &s);
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerCumsumParams(l, &lowered->params());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<CumsumAttributes>();
  const auto& k = w.params().cumsum;
  const int32_t rank = static_cast<int32_t>(w.graph().tensors[w.op().inputs[0]].shape.size());
  return {schema::OpOptions::CumsumOptions,
          schema::CreateCumsumOptions(w.builder(), a.axis < 0 ? a.axis + rank : a.axis, a.exclusive,
                                      a.reverse, k.activation_min, k.activation_max, k.left_shift,
                                      k.input_multiplier, k.input_shift, k.output_multiplier,
                                      k.output_shift)
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_CumsumOptions();
  return OpAttributes(CumsumAttributes{o.axis(), o.exclusive(), o.reverse()});
}

}  // namespace cumsum_lowering

extern const PlannerOp kCumsumPlanner = {&cumsum_lowering::Lower, &cumsum_lowering::Write,
                                         &cumsum_lowering::Read};

}  // namespace arenastore::planner
