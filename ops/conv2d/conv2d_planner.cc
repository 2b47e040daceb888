// conv2d's planner unit: its lowering from graph attributes and float scales to
// kernels::Conv2dParams (as TensorFlow Lite prepares the op), the Conv2dOptions it writes to an
// artifact and reads back for re-planning, and which of those fields two artifacts must share to
// compute the same thing.
#include "planner/conv_lowering.h"
#include "planner/lower_op.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/padding_hooks.h"

namespace arenastore::planner {
namespace conv2d_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind(
      [](const LoweredOp& self, kernels::OpParams& p) { self.BindRequant(&p.conv2d.requant); });
  ARENASTORE_ASSIGN_OR_RETURN(const Conv2dAttributes a, l.AttributesAs<Conv2dAttributes>());
  ARENASTORE_RETURN_IF_ERROR(ExpectFilterWindowOperands(l, a));
  // Filter [output channels, kh, kw, input channels / groups]; the runtime checks the grouping.
  return FinishFilterWindow(l, a, &lowered->params().conv2d, l.Input(1).shape[0],
                            lowered->mutable_multipliers(), lowered->mutable_shifts());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<Conv2dAttributes>();
  const auto& k = w.params().conv2d;
  return Written(schema::CreateConv2dOptions(
      w.builder(), a.padding, k.stride_h, k.stride_w, k.dilation_h, k.dilation_w, k.pad_top,
      k.pad_left, a.activation, k.activation_min, k.activation_max, w.Requant()));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(ReadWindow<Conv2dAttributes>(*op.options_as_Conv2dOptions()));
}

}  // namespace conv2d_lowering

extern const PlannerOp kConv2dPlanner =
    PaddedPlanner<&schema::Operator::options_as_Conv2dOptions, &kernels::OpParams::conv2d>(
        &conv2d_lowering::Lower, &conv2d_lowering::Write, &conv2d_lowering::Read);

}  // namespace arenastore::planner
