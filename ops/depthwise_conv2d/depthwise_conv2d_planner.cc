// depthwise_conv2d's planner unit: its lowering from graph attributes and float scales to
// kernels::DepthwiseConv2dParams (as TensorFlow Lite prepares the op), the DepthwiseConv2dOptions
// it writes to an artifact and reads back for re-planning, and which of those fields two artifacts
// must share to compute the same thing.
#include "planner/conv_lowering.h"
#include "planner/lower_op.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/padding_hooks.h"

namespace arenastore::planner {
namespace depthwise_conv2d_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    self.BindRequant(&p.depthwise_conv2d.requant);
  });
  ARENASTORE_ASSIGN_OR_RETURN(const DepthwiseConv2dAttributes a,
                              l.AttributesAs<DepthwiseConv2dAttributes>());
  ARENASTORE_RETURN_IF_ERROR(ExpectFilterWindowOperands(l, a));
  // Filter [1, kh, kw, input channels x depth multiplier]: Write records the multiplier, the
  // runtime checks the shape (a zero-channel input writes 0, which it refuses).
  auto& d = lowered->params().depthwise_conv2d;
  const int32_t input_c = l.Input(0).shape[3];
  const int32_t output_c = l.Input(1).shape[3];
  d.depth_multiplier = input_c > 0 ? output_c / input_c : 0;
  return FinishFilterWindow(l, a, &d, output_c, lowered->mutable_multipliers(),
                            lowered->mutable_shifts());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<DepthwiseConv2dAttributes>();
  const auto& k = w.params().depthwise_conv2d;
  return Written(schema::CreateDepthwiseConv2dOptions(
      w.builder(), a.padding, k.stride_h, k.stride_w, k.dilation_h, k.dilation_w, k.pad_top,
      k.pad_left, k.depth_multiplier, a.activation, k.activation_min, k.activation_max,
      w.Requant()));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const schema::DepthwiseConv2dOptions& o = *op.options_as_DepthwiseConv2dOptions();
  DepthwiseConv2dAttributes a = ReadWindow<DepthwiseConv2dAttributes>(o);
  a.depth_multiplier = o.depth_multiplier();
  return OpAttributes(a);
}

}  // namespace depthwise_conv2d_lowering

extern const PlannerOp kDepthwiseConv2dPlanner =
    PaddedPlanner<&schema::Operator::options_as_DepthwiseConv2dOptions,
                  &kernels::OpParams::depthwise_conv2d>(&depthwise_conv2d_lowering::Lower,
                                                        &depthwise_conv2d_lowering::Write,
                                                        &depthwise_conv2d_lowering::Read);

}  // namespace arenastore::planner
