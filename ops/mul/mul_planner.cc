// mul's planner unit: its lowering completes the MulOptions from float scales (as TensorFlow Lite
// prepares the op); the options struct is its attributes, written and read back whole.
// Its TensorFlow Lite mapping: MUL -> a graph op with MulAttributes (operands in our order,
// constant operands folded into attributes), or a reason it cannot run here.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace mul_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<MulAttributes>().status());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(
      ExpectQuantizedOperands(l, {{in1, "input1"}, {in2, "input2"}, {output, "output"}}));
  if (output.type == DataType::kInt16 &&
      (in1.zero_point() != 0 || in2.zero_point() != 0 || output.zero_point() != 0)) {
    // TFLM's int16 MUL refuses them too (its product would leave int32).
    return l.Fail("int16 zero points {}, {}, {} must be 0", in1.zero_point(), in2.zero_point(),
                  output.zero_point());
  }
  // The options struct is the attributes: the TFLite mapping set the activation, this the rest.
  auto& m = lowered->mutable_options<MulAttributes>();
  const FixedPointMultiplier fixed =
      QuantizeMultiplier(static_cast<double>(in1.scale()) * static_cast<double>(in2.scale()) /
                         static_cast<double>(output.scale()));
  m.output_multiplier = fixed.multiplier;
  m.output_shift = fixed.shift;
  const ActivationRange range =
      QuantizedActivationRange(m.activation, output.scale(), output.zero_point(), output.type);
  m.activation_min = range.min;
  m.activation_max = range.max;
  return Status::Ok();
}

}  // namespace mul_lowering

extern const PlannerOp kMulPlanner = OptionsStructPlanner<MulAttributes>(&mul_lowering::Lower);

// TensorFlow Lite's MUL (builtin 18).
extern const TfliteOpMapping kMulTflite = {
    {18}, 1, &MapBinaryOf<kernels::OpKind::kMul, MulAttributes, tfl::MulOptions>};

}  // namespace arenastore::planner
