// conv2d's planner unit: its lowering from graph attributes and float scales to
// kernels::Conv2dParams (as TensorFlow Lite prepares the op), the Conv2dOptions it writes to an
// artifact and reads back for re-planning, and which of those fields two artifacts must share to
// compute the same thing.
#include "planner/conv_lowering.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/padding_hooks.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace conv2d_lowering {

Status LowerConv2dParams(const Lowering& l, kernels::OpParams* p, std::vector<int32_t>* multipliers,
                         std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const Conv2dAttributes a, l.AttributesAs<Conv2dAttributes>());
  ARENASTORE_RETURN_IF_ERROR(ExpectFilterWindowOperands(l, a));
  // Filter [output channels, kh, kw, input channels / groups]; the runtime checks the grouping.
  return FinishFilterWindow(l, a, &p->conv2d, l.Input(1).shape[0], multipliers, shifts);
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind(
      [](const LoweredOp& self, kernels::OpParams& p) { self.BindRequant(&p.conv2d.requant); });
  return LowerConv2dParams(l, &lowered->params(), lowered->mutable_multipliers(),
                           lowered->mutable_shifts());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<Conv2dAttributes>();
  const auto& k = w.params().conv2d;
  return {schema::OpOptions::Conv2dOptions,
          schema::CreateConv2dOptions(w.builder(), OptionsWriter::PaddingOf(a.padding), k.stride_h,
                                      k.stride_w, k.dilation_h, k.dilation_w, k.pad_top, k.pad_left,
                                      OptionsWriter::ActivationOf(a.activation), k.activation_min,
                                      k.activation_max, w.Requant())
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const schema::Conv2dOptions& o = *op.options_as_Conv2dOptions();
  Conv2dAttributes a;
  a.padding = ReadPadding(o);
  a.stride_h = o.stride_h();
  a.stride_w = o.stride_w();
  a.dilation_h = o.dilation_h();
  a.dilation_w = o.dilation_w();
  a.activation = ReadActivation(o.activation());
  return OpAttributes(a);
}

RecordedPads Recorded(const schema::Operator& op) {
  return RecordedPadsOf(op.options_as_Conv2dOptions());
}

RecordedPads LoweredPads(const kernels::OpParams& p) {
  return RecordedPads{false, p.conv2d.pad_top, p.conv2d.pad_left};
}

// Two artifacts may record one pad as SAME and as EXPLICIT (another producer's): the pads
// compared, not how they were named.
constexpr std::string_view kNotCompared[] = {"padding"};

constexpr PaddingHooks kPadding = {&Recorded, &LoweredPads};

}  // namespace conv2d_lowering

extern const PlannerOp kConv2dPlanner = {&conv2d_lowering::Lower,
                                         &conv2d_lowering::Write,
                                         &conv2d_lowering::Read,
                                         &conv2d_lowering::kPadding,
                                         {},
                                         conv2d_lowering::kNotCompared};

}  // namespace arenastore::planner
