// conv2d's planner unit: its lowering from graph attributes and float scales to
// kernels::Conv2dParams (as TensorFlow Lite prepares the op); its attributes are Conv2dOptions'
// native struct, completed by the lowering, written to an artifact and read back whole.
// Its TensorFlow Lite mapping: CONV_2D -> a graph op with Conv2dAttributes (operands in our order,
// constant operands folded into attributes), or a reason it cannot run here.
#include "planner/conv_lowering.h"
#include "planner/op_unit.h"
#include "planner/padding_hooks.h"

namespace arenastore::planner {
namespace conv2d_planning {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind(
      [](const LoweredOp& self, kernels::OpParams& p) { self.BindRequant(&p.conv2d.requant); });
  ARENASTORE_ASSIGN_OR_RETURN(const Conv2dAttributes a, l.AttributesAs<Conv2dAttributes>());
  ARENASTORE_RETURN_IF_ERROR(ExpectFilterWindowOperands(l, a));
  // Filter [output channels, kh, kw, input channels / groups]; the runtime checks the grouping.
  return FinishFilterWindow(l, &lowered->mutable_options<Conv2dAttributes>(),
                            &lowered->params().conv2d, l.Input(1).shape[0],
                            lowered->mutable_multipliers(), lowered->mutable_shifts());
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 3, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::Conv2DOptions* o, m.OptionsOf<tfl::Conv2DOptions>(true));
  Conv2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapConvWindow(m, *o, &a));
  // 16x8 too: int16 activations, int8 weights, an int32 or int64 bias (TFLM's conv takes both).
  m.AcceptIfInt16({m.input(0), m.output()});
  m.AcceptBiasOf(m.input(0), 2, o->quantized_bias_type(), /*int32_in_16x8=*/true);
  return m.Emit(kernels::OpKind::kConv2d, m.ConvLikeInputs(), a);
}

}  // namespace conv2d_planning

extern const PlannerOp kConv2dPlanner =
    PaddedPlanner<&schema::Operator::options_as_Conv2dOptions, &kernels::OpParams::conv2d,
                  Conv2dAttributes>(&conv2d_planning::Lower);

// TensorFlow Lite's CONV_2D (builtin 3).
extern const TfliteOpMapping kConv2dTflite = {{3}, 1, &conv2d_planning::Map};

}  // namespace arenastore::planner
