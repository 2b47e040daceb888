// svdf's planner unit: its lowering from graph attributes and float scales to kernels::SvdfParams
// (as TensorFlow Lite Micro prepares the op: both rescales computed in float from the tensors'
// scales), the SvdfOptions it writes to an artifact and reads back for re-planning, and which of
// those fields two artifacts must share to compute the same thing.
// Its TensorFlow Lite mapping: SVDF -> a graph op with SvdfAttributes, its operands reordered to
// (input, weights_feature, weights_time, state, bias) so the optional bias comes last, or a reason
// it cannot run here (float or hybrid SVDF). Its fused activation is read and dropped: TensorFlow
// Lite Micro's integer kernel ignores it too.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace svdf_planning {

// What Write records and only the host derives: the rank and both rescales from the float
// scales. Types, shapes, the state's pool and the rank's fit are the runtime's lowering's.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<SvdfAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& feature_weights = l.Input(1);
  const Tensor& time_weights = l.Input(2);
  const Tensor& state = l.Input(3);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(feature_weights, "weights_feature"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(time_weights, "weights_time"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(state, "state"));
  // TFLM multiplies the float scales in float, then widens to double.
  const FixedPointMultiplier feature = QuantizeMultiplier(
      static_cast<double>(input.scale() * feature_weights.scale() / state.scale()));
  const FixedPointMultiplier time = QuantizeMultiplier(
      static_cast<double>(state.scale() * time_weights.scale() / output.scale()));
  *lowered->mutable_multipliers() = {feature.multiplier, time.multiplier};
  *lowered->mutable_shifts() = {feature.shift, time.shift};
  return Status::Ok();
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(5, 5));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::SVDFOptions* o, m.OptionsOf<tfl::SVDFOptions>(true));
  const auto& in = m.inputs();
  const tfl::TensorType input = m.reader().TensorTypeOf(in[0]);
  const tfl::TensorType state = m.reader().TensorTypeOf(in[4]);
  const tfl::TensorType time = m.reader().TensorTypeOf(in[2]);
  if (input != tfl::TensorType::INT8 || m.reader().TensorTypeOf(in[1]) != tfl::TensorType::INT8 ||
      (state != tfl::TensorType::INT8 && state != tfl::TensorType::INT16) || time != state) {
    m.Refuse(
        "only int8 input and weights_feature with int8 or int16 state and weights_time run "
        "here");
  }
  m.result().checks_operand_types = true;
  SvdfAttributes a;
  a.rank = o->rank();
  return m.Emit(kernels::OpKind::kSvdf, {in[0], in[1], in[2], in[4], in[3]}, std::move(a));
}

}  // namespace svdf_planning

extern const PlannerOp kSvdfPlanner = OptionsStructPlanner<SvdfAttributes>(&svdf_planning::Lower);

// TensorFlow Lite's SVDF (builtin 27).
extern const TfliteOpMapping kSvdfTflite = {{27}, 1, &svdf_planning::Map};

}  // namespace arenastore::planner
