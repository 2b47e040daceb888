// transpose_conv2d's TensorFlow Lite mapping: TRANSPOSE_CONV -> a graph op with
// TransposeConv2dAttributes (operands in our order, constant operands folded into attributes), or a
// reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace transpose_conv2d_mapping {

constexpr int32_t kTransposeConvBuiltin = 67;  // TensorFlow Lite's TRANSPOSE_CONV

// A constant output_shape must agree with the output tensor, which is what we plan with.
Status CheckOutputShapeOperand(TfliteOpMapper& m) {
  if (!m.reader().IsConstant(m.inputs()[0])) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> values,
                              m.reader().IntegerConstant(m.inputs()[0], "output_shape"));
  const std::vector<int32_t> output = m.reader().ShapeOf(m.outputs()[0]);
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
  // Only an int16 (16x8) operator vouches for its operand types: an int8 or float one keeps the
  // importer's own tensor check, and its advice for float models.
  if (m.reader().TensorTypeOf(m.inputs()[2]) == tfl::TensorType::INT16) {
    m.AcceptInt8OrInt16Activations({m.inputs()[2], m.outputs()[0]});
  }
  m.AcceptBiasOf(m.inputs()[2], 3, o->quantized_bias_type(), /*int32_in_16x8=*/false);
  ARENASTORE_RETURN_IF_ERROR(CheckOutputShapeOperand(m));
  m.result().op.kind = kernels::OpKind::kTransposeConv2d;
  m.result().op.inputs = {m.inputs()[2], m.inputs()[1]};
  if (m.HasInput(3)) m.result().op.inputs.push_back(m.inputs()[3]);
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace transpose_conv2d_mapping

extern const TfliteOpMapping kTransposeConv2dTflite = {
    {transpose_conv2d_mapping::kTransposeConvBuiltin}, 1, &transpose_conv2d_mapping::Map};

}  // namespace arenastore::planner
