// split's planner unit: its lowering from graph attributes to kernels::SplitParams (every output
// is a part of the input cut along the axis, without the axis when squeeze_axis is set, quantized
// as the input; the parts fill the axis), the SplitOptions it writes to an artifact and reads
// back for re-planning, and which fields two artifacts must share to compute the same thing.
#include <vector>

#include "ops/split/split.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace split_lowering {

int32_t NormalizedAxis(int32_t axis, size_t rank) {
  return axis < 0 ? axis + static_cast<int32_t>(rank) : axis;
}

Status LowerSplitParams(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const SplitAttributes a, l.AttributesAs<SplitAttributes>());
  const Tensor& input = l.Input(0);
  if (input.type != DataType::kInt16) {
    ARENASTORE_RETURN_IF_ERROR(l.ExpectType(input, DataType::kInt8, "input"));
  }
  const int32_t rank = static_cast<int32_t>(input.shape.size());
  const int32_t axis = NormalizedAxis(a.axis, input.shape.size());
  if (axis < 0 || axis >= rank)
    return l.Fail("axis {} out of range for input rank {}", a.axis, rank);
  auto& s = p->split;
  s.num_outputs = static_cast<int32_t>(l.op().outputs.size());
  int64_t total = 0;
  for (int32_t k = 0; k < s.num_outputs; ++k) {
    const Tensor& output = l.Output(static_cast<size_t>(k));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
    const bool ranked = output.shape.size() == input.shape.size();
    const int32_t size = a.squeeze_axis ? 1 : (ranked ? output.shape[axis] : -1);
    std::vector<int32_t> expected = input.shape;
    if (a.squeeze_axis) {
      expected.erase(expected.begin() + axis);
    } else {
      expected[axis] = size;
    }
    if (output.shape != expected || size < 0) {
      return l.Fail("output {} shape [{}] is not a part of input [{}] cut along axis {}{}", k,
                    fmt::join(output.shape, ","), fmt::join(input.shape, ","), axis,
                    a.squeeze_axis ? " without the axis" : "");
    }
    s.sizes[k] = size;
    total += size;
  }
  if (total != input.shape[axis]) {
    return l.Fail("the {} outputs hold {} of the {} steps of axis {}", s.num_outputs, total,
                  input.shape[axis], axis);
  }
  s.outer_size = 1;
  s.inner_size = 1;
  for (int32_t d = 0; d < axis; ++d) s.outer_size *= input.shape[d];
  for (int32_t d = axis + 1; d < rank; ++d) s.inner_size *= input.shape[d];
  s.inner_size *= static_cast<int32_t>(ElementBytes(input.type));  // the kernel moves bytes
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerSplitParams(l, &lowered->params());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<SplitAttributes>();
  const size_t rank = w.graph().tensors[w.op().inputs[0]].shape.size();
  return {schema::OpOptions::SplitOptions,
          schema::CreateSplitOptions(w.builder(), NormalizedAxis(a.axis, rank), a.squeeze_axis)
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const schema::SplitOptions* o = op.options_as_SplitOptions();
  return OpAttributes(SplitAttributes{o->axis(), o->squeeze_axis()});
}

// Output `part`'s start in the input, when it is one contiguous run of it (nothing before the
// axis); the kernel then finds it in place.
int64_t PartStart(const kernels::OpParams& params, size_t part) {
  return kernels::SplitPartStartInInput(params.split, static_cast<int32_t>(part));
}

}  // namespace split_lowering

extern const PlannerOp kSplitPlanner = {
    &split_lowering::Lower,
    &split_lowering::Write,
    &split_lowering::Read,
    nullptr,
    {InputAliasing::kWhenContiguous, &split_lowering::PartStart}};

}  // namespace arenastore::planner
