// transpose_conv2d's TensorFlow Lite mapping: TRANSPOSE_CONV -> a graph op with
// TransposeConv2dAttributes (operands in our order, constant operands folded into attributes), or a
// reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace transpose_conv2d_mapping {

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

}  // namespace transpose_conv2d_mapping

// TensorFlow Lite's TRANSPOSE_CONV (builtin 67).
extern const TfliteOpMapping kTransposeConv2dTflite = {{67}, 1, &transpose_conv2d_mapping::Map};

}  // namespace arenastore::planner
