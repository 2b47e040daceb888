// depthwise_conv2d's planner unit: its lowering from graph attributes and float scales to
// kernels::DepthwiseConv2dParams (as TensorFlow Lite prepares the op); its attributes are
// DepthwiseConv2dOptions' native struct, completed by the lowering (the multiplier the shapes
// give included), written to an artifact and read back whole.
// Its TensorFlow Lite mapping: DEPTHWISE_CONV_2D -> a graph op with DepthwiseConv2dAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include "planner/conv_lowering.h"
#include "planner/op_unit.h"
#include "planner/padding_hooks.h"

namespace arenastore::planner {
namespace depthwise_conv2d_planning {

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
  auto& o = lowered->mutable_options<DepthwiseConv2dAttributes>();
  o.depth_multiplier = d.depth_multiplier;
  return FinishFilterWindow(l, &o, &d, output_c, lowered->mutable_multipliers(),
                            lowered->mutable_shifts());
}

// TensorFlow Lite ignores the option since 2.x and derives the multiplier from the shapes
// (filter channels / input channels); we do the same and note a disagreement.
int32_t DepthMultiplierFromShapes(TfliteOpMapper& m, int32_t option) {
  const std::vector<int32_t> input = m.reader().ShapeOf(m.input(0));
  const std::vector<int32_t> filter = m.reader().ShapeOf(m.input(1));
  if (input.size() != 4 || filter.size() != 4 || filter[3] % input[3] != 0) return option;
  const int32_t derived = filter[3] / input[3];
  if (derived != option) {
    m.result().note = fmt::format(
        "operator {} (DEPTHWISE_CONV_2D): depth_multiplier option {} ignored, shapes give {}",
        m.op_index(), option, derived);
  }
  return derived;
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 3, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::DepthwiseConv2DOptions* o,
                              m.OptionsOf<tfl::DepthwiseConv2DOptions>(true));
  DepthwiseConv2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapConvWindow(m, *o, &a));
  a.depth_multiplier = DepthMultiplierFromShapes(m, o->depth_multiplier());
  // 16x8 too: int16 activations, int8 weights, an int64 bias (TFLM's only 16x8 bias here).
  m.AcceptIfInt16({m.input(0), m.output()});
  m.AcceptBiasOf(m.input(0), 2, tfl::TensorType::FLOAT32, /*int32_in_16x8=*/false);
  return m.Emit(kernels::OpKind::kDepthwiseConv2d, m.ConvLikeInputs(), a);
}

}  // namespace depthwise_conv2d_planning

extern const PlannerOp kDepthwiseConv2dPlanner =
    PaddedPlanner<&schema::Operator::options_as_DepthwiseConv2dOptions,
                  &kernels::OpParams::depthwise_conv2d, DepthwiseConv2dAttributes>(
        &depthwise_conv2d_planning::Lower);

// TensorFlow Lite's DEPTHWISE_CONV_2D (builtin 4).
extern const TfliteOpMapping kDepthwiseConv2dTflite = {{4}, 1, &depthwise_conv2d_planning::Map};

}  // namespace arenastore::planner
