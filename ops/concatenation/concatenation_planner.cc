// concatenation's planner unit: its lowering from graph attributes and float scales to
// kernels::ConcatenationParams (as TensorFlow Lite prepares the op), the ConcatenationOptions it
// writes to an artifact and reads back for re-planning, and which of those fields two artifacts
// must share to compute the same thing.
#include "ops/concatenation/concatenation.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace concatenation_lowering {

Status LowerConcatenationParams(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const ConcatenationAttributes a,
                              l.AttributesAs<ConcatenationAttributes>());
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(output, "output"));
  const int32_t rank = static_cast<int32_t>(output.shape.size());
  const int32_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (axis < 0 || axis >= rank) return l.Fail("axis {} out of range for rank {}", a.axis, rank);
  auto& c = p->concatenation;
  c.num_inputs = static_cast<int32_t>(l.op().inputs.size());
  c.outer_size = 1;
  c.inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) c.outer_size *= output.shape[i];
  for (int32_t i = axis + 1; i < rank; ++i) c.inner_size *= output.shape[i];
  c.inner_size *= static_cast<int32_t>(ElementBytes(output.type));  // the kernel moves bytes
  int32_t axis_total = 0;
  for (int32_t k = 0; k < c.num_inputs; ++k) {
    const Tensor& input = l.Input(k);
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(output, input, "input"));
    ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(input, "input"));
    if (input.shape.size() != output.shape.size()) {
      return l.Fail("input '{}' has rank {}, output {}", input.name, input.shape.size(), rank);
    }
    for (int32_t i = 0; i < rank; ++i) {
      if (i != axis && input.shape[i] != output.shape[i]) {
        return l.Fail("input '{}' shape [{}] differs from output [{}] off the axis", input.name,
                      fmt::join(input.shape, ","), fmt::join(output.shape, ","));
      }
    }
    if (input.scale() != output.scale() || input.zero_point() != output.zero_point()) {
      return l.Fail(
          "input '{}' is quantized differently from the output; concatenation "
          "needs equal scales and zero points",
          input.name);
    }
    c.input_axis_sizes[k] = input.shape[axis];
    axis_total += input.shape[axis];
  }
  if (axis_total != output.shape[axis]) {
    return l.Fail("inputs add up to {} along axis {}, output has {}", axis_total, axis,
                  output.shape[axis]);
  }
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerConcatenationParams(l, &lowered->params());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<ConcatenationAttributes>();
  const int32_t rank = static_cast<int32_t>(w.graph().tensors[w.op().outputs[0]].shape.size());
  return {
      schema::OpOptions::ConcatenationOptions,
      schema::CreateConcatenationOptions(w.builder(), a.axis < 0 ? a.axis + rank : a.axis).Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(
      ConcatenationAttributes{op.options_as_ConcatenationOptions()->axis(), Activation::kNone});
}

// Input `part`'s start in the output, when its producer may write it there (nothing before the
// axis); the kernel then finds it in place.
int64_t PartStart(const kernels::OpParams& params, size_t part) {
  return kernels::ConcatenationInputStartInOutput(params.concatenation, static_cast<int32_t>(part));
}

}  // namespace concatenation_lowering

extern const PlannerOp kConcatenationPlanner = {
    &concatenation_lowering::Lower,
    &concatenation_lowering::Write,
    &concatenation_lowering::Read,
    nullptr,
    {InputAliasing::kGathersInputs, &concatenation_lowering::PartStart}};

}  // namespace arenastore::planner
