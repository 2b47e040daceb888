// transpose_conv2d's planner unit: its lowering from graph attributes and float scales to
// kernels::TransposeConv2dParams (as TensorFlow Lite prepares the op); its attributes are
// TransposeConv2dOptions' native struct, completed by the lowering, written to an artifact and
// read back whole.
// Its TensorFlow Lite mapping: TRANSPOSE_CONV -> a graph op with TransposeConv2dAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include "planner/conv_lowering.h"
#include "planner/op_unit.h"
#include "planner/padding_hooks.h"

namespace arenastore::planner {
namespace transpose_conv2d_planning {

// What Write records and only the host derives: padding, the activation clamp and per-channel
// requantization from the scales. Types and shapes are the runtime's lowering's; the filter's
// and output's ranks are checked first for the indexing here, the strides for the division.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    self.BindRequant(&p.transpose_conv2d.requant);
  });
  ARENASTORE_ASSIGN_OR_RETURN(const TransposeConv2dAttributes a,
                              l.AttributesAs<TransposeConv2dAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(filter, 4, "filter"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(output, 4, "output"));
  if (a.stride_h < 1 || a.stride_w < 1) return l.Fail("strides must be >= 1");
  auto& t = lowered->params().transpose_conv2d;
  t.stride_h = a.stride_h;
  t.stride_w = a.stride_w;
  // TensorFlow Lite pads a transposed convolution as the convolution it inverts.
  const int32_t output_h = output.shape[1], output_w = output.shape[2];
  const int32_t filter_h = filter.shape[1], filter_w = filter.shape[2];
  const int32_t conv_h = ConvOutputSize(a.padding, output_h, filter_h, a.stride_h, 1);
  const int32_t conv_w = ConvOutputSize(a.padding, output_w, filter_w, a.stride_w, 1);
  t.pad_top = ConvPaddingBefore(output_h, filter_h, a.stride_h, 1, conv_h);
  t.pad_left = ConvPaddingBefore(output_w, filter_w, a.stride_w, 1, conv_w);
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point(), output.type);
  t.activation_min = range.min;
  t.activation_max = range.max;
  RecordLoweredWindow(t, &lowered->mutable_options<TransposeConv2dAttributes>());
  if (l.HasInput(2) && !l.Input(2).is_constant) {
    return l.Fail("bias '{}' must be a constant", l.Input(2).name);
  }
  return l.Requantize(input, filter, output, filter.shape[0], lowered->mutable_multipliers(),
                      lowered->mutable_shifts());
}

// A constant output_shape must agree with the output tensor, which is what we plan with.
Status CheckOutputShapeOperand(TfliteOpMapper& m) {
  if (!m.reader().IsConstant(m.input(0))) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> values,
                              m.IntegerOperand(0, "output_shape"));
  const std::vector<int32_t> output = m.reader().ShapeOf(m.output());
  if (values != std::vector<int64_t>(output.begin(), output.end())) {
    return m.Fail(fmt::format("output_shape [{}] differs from the output tensor's shape [{}]",
                              fmt::join(values, ","), fmt::join(output, ",")));
  }
  return Status::Ok();
}

// TFLite operands: output_shape, weights, input[, bias]; ours: input, filter[, bias].
Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 4, 3));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::TransposeConvOptions* o,
                              m.OptionsOf<tfl::TransposeConvOptions>(true));
  TransposeConv2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(m.ToPadding(o->padding(), &a.padding));
  a.stride_h = o->stride_h();
  a.stride_w = o->stride_w();
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a.stride_h, "stride_h"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a.stride_w, "stride_w"));
  ARENASTORE_RETURN_IF_ERROR(m.ToActivation(o->fused_activation_function(), &a.activation));
  // 16x8 too: int16 activations, int8 weights, an int64 bias.
  m.AcceptIfInt16({m.input(2), m.output()});
  m.AcceptBiasOf(m.input(2), 3, o->quantized_bias_type(), /*int32_in_16x8=*/false);
  ARENASTORE_RETURN_IF_ERROR(CheckOutputShapeOperand(m));
  std::vector<int32_t> inputs = {m.input(2), m.input(1)};
  if (m.HasInput(3)) inputs.push_back(m.input(3));
  return m.Emit(kernels::OpKind::kTransposeConv2d, std::move(inputs), a);
}

}  // namespace transpose_conv2d_planning

extern const PlannerOp kTransposeConv2dPlanner =
    PaddedPlanner<&schema::Operator::options_as_TransposeConv2dOptions,
                  &kernels::OpParams::transpose_conv2d, TransposeConv2dAttributes>(
        &transpose_conv2d_planning::Lower);

// TensorFlow Lite's TRANSPOSE_CONV (builtin 67).
extern const TfliteOpMapping kTransposeConv2dTflite = {{67}, 1, &transpose_conv2d_planning::Map};

}  // namespace arenastore::planner
