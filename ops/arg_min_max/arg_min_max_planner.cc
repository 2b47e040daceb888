// arg_min_max's planner unit: its lowering from graph attributes to kernels::ArgMinMaxParams (an
// int8 input, an int32 output of the input's shape without the axis), the ArgMinMaxOptions it
// writes (the axis normalized to [0, rank)) and reads back for re-planning, and which fields two
// artifacts must share to compute the same thing.
#include <vector>

#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace arg_min_max_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const ArgMinMaxAttributes a, l.AttributesAs<ArgMinMaxAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(input, DataType::kInt8, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(output, DataType::kInt32, "output"));
  const int32_t rank = static_cast<int32_t>(input.shape.size());
  const int32_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (axis < 0 || axis >= rank) return l.Fail("axis {} out of range for rank {}", a.axis, rank);
  std::vector<int32_t> expected = input.shape;
  expected.erase(expected.begin() + axis);
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(output, expected, "output"));
  if (input.shape[axis] < 1) return l.Fail("axis {} of input '{}' is empty", axis, input.name);
  auto& s = lowered->params().arg_min_max;
  s.kind = a.kind;
  s.outer_size = 1;
  s.axis_size = input.shape[axis];
  s.inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) s.outer_size *= input.shape[i];
  for (int32_t i = axis + 1; i < rank; ++i) s.inner_size *= input.shape[i];
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<ArgMinMaxAttributes>();
  const int32_t rank = static_cast<int32_t>(w.graph().tensors[w.op().inputs[0]].shape.size());
  return {schema::OpOptions::ArgMinMaxOptions,
          schema::CreateArgMinMaxOptions(w.builder(), static_cast<int32_t>(a.kind),
                                         a.axis < 0 ? a.axis + rank : a.axis)
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const schema::ArgMinMaxOptions* options = op.options_as_ArgMinMaxOptions();
  return OpAttributes(
      ArgMinMaxAttributes{static_cast<kernels::ArgMinMaxKind>(options->kind()), options->axis()});
}

}  // namespace arg_min_max_lowering

extern const PlannerOp kArgMinMaxPlanner = {
    &arg_min_max_lowering::Lower, &arg_min_max_lowering::Write, &arg_min_max_lowering::Read};

}  // namespace arenastore::planner
