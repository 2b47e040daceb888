// split's planner unit: the checks only the host makes (the axis before it is normalized, every
// output quantized as the input; the runtime's lowering derives kernels::SplitParams and checks
// the parts' shapes), the SplitOptions it writes to an artifact and reads back for re-planning,
// and where each output lies in the input.
#include "ops/split/split.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {
namespace split_lowering {

// The axis, resolved against the input's rank, and the outputs quantized as the input (the
// kernel moves bytes). The runtime's lowering derives the sizes and checks the shapes and types.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<SplitAttributes>().status());
  const Tensor& input = l.Input(0);
  ARENASTORE_RETURN_IF_ERROR(
      l.ResolveAxis(&lowered->mutable_options<SplitAttributes>().axis, input.shape.size()));
  for (size_t k = 0; k < l.op().outputs.size(); ++k) {
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, l.Output(k)));
  }
  return Status::Ok();
}

}  // namespace split_lowering

extern const PlannerOp kSplitPlanner =
    OptionsStructPlanner<SplitAttributes>(&split_lowering::Lower);

}  // namespace arenastore::planner
