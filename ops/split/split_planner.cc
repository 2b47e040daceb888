// split's planner unit: the checks only the host makes (the axis before it is normalized, every
// output quantized as the input; the runtime's lowering derives kernels::SplitParams and checks
// the parts' shapes), the SplitOptions it writes to an artifact and reads back for re-planning,
// and where each output lies in the input.
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

// The axis, before Write normalizes it (a second wrap would hide an axis below -rank), and the
// outputs quantized as the input (the kernel moves bytes). The runtime's lowering derives the
// sizes and checks the shapes and types.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_ASSIGN_OR_RETURN(const SplitAttributes a, l.AttributesAs<SplitAttributes>());
  const Tensor& input = l.Input(0);
  const int32_t rank = static_cast<int32_t>(input.shape.size());
  const int32_t axis = NormalizedAxis(a.axis, input.shape.size());
  if (axis < 0 || axis >= rank) {
    return l.Fail("axis {} out of range for input rank {}", a.axis, rank);
  }
  for (size_t k = 0; k < l.op().outputs.size(); ++k) {
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, l.Output(k)));
  }
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<SplitAttributes>();
  const size_t rank = w.graph().tensors[w.op().inputs[0]].shape.size();
  return Written(
      schema::CreateSplitOptions(w.builder(), NormalizedAxis(a.axis, rank), a.squeeze_axis));
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
