// svdf's planner unit: its lowering from graph attributes and float scales to
// kernels::SvdfParams (as TensorFlow Lite Micro prepares the op: both rescales computed in float
// from the tensors' scales), the SvdfOptions it writes to an artifact and reads back for
// re-planning, and which of those fields two artifacts must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace svdf_lowering {

Status ExpectShapes(const Lowering& l, const kernels::SvdfParams& s) {
  const int32_t units = kernels::SvdfUnits(s);
  ARENASTORE_RETURN_IF_ERROR(
      l.ExpectShape(l.Input(1), {s.filters, s.input_size}, "weights_feature"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(l.Input(2), {s.filters, s.memory}, "weights_time"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(l.Input(3), {s.batches, s.filters * s.memory}, "state"));
  if (l.HasInput(4) && l.Input(4).element_count() != units) {
    return l.Fail("bias '{}' has {} elements, expected {} (one per unit)", l.Input(4).name,
                  l.Input(4).element_count(), units);
  }
  return l.ExpectShape(l.Output(), {s.batches, units}, "output");
}

Status ExpectTypes(const Lowering& l) {
  const Tensor& state = l.Input(3);
  if (!state.is_variable) return l.Fail("state '{}' is not a variable tensor", state.name);
  if (state.type != DataType::kInt8 && state.type != DataType::kInt16) {
    return l.Fail("state '{}' is {}, expected INT8 or INT16", state.name, DataTypeName(state.type));
  }
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(l.Input(2), state.type, "weights_time"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(l.Input(1), DataType::kInt8, "weights_feature"));
  if (l.HasInput(4)) ARENASTORE_RETURN_IF_ERROR(l.ExpectType(l.Input(4), DataType::kInt32, "bias"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(l.Input(0), "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(l.Output(), "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(l.Input(1), "weights_feature"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(l.Input(2), "weights_time"));
  return l.ExpectScale(state, "state");
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const SvdfAttributes a, l.AttributesAs<SvdfAttributes>());
  ARENASTORE_RETURN_IF_ERROR(ExpectTypes(l));
  const Tensor& input = l.Input(0);
  const Tensor& state = l.Input(3);
  if (input.shape.size() != 2 || l.Input(1).shape.size() != 2 || l.Input(2).shape.size() != 2) {
    return l.Fail("input, weights_feature and weights_time must have rank 2");
  }
  kernels::SvdfParams& s = lowered->params().svdf;
  s.batches = input.shape[0];
  s.input_size = input.shape[1];
  s.filters = l.Input(1).shape[0];
  s.memory = l.Input(2).shape[1];
  s.rank = a.rank;
  if (s.rank < 1 || s.filters % s.rank != 0) {
    return l.Fail("rank {} does not divide the {} filters", s.rank, s.filters);
  }
  ARENASTORE_RETURN_IF_ERROR(ExpectShapes(l, s));
  s.state_type =
      state.type == DataType::kInt16 ? kernels::ElementType::kInt16 : kernels::ElementType::kInt8;
  s.input_zero_point = input.zero_point();
  s.state_zero_point = state.zero_point();
  s.output_zero_point = l.Output().zero_point();
  // TFLM multiplies the float scales in float, then widens to double.
  const FixedPointMultiplier feature =
      QuantizeMultiplier(static_cast<double>(input.scale() * l.Input(1).scale() / state.scale()));
  const FixedPointMultiplier time = QuantizeMultiplier(
      static_cast<double>(state.scale() * l.Input(2).scale() / l.Output().scale()));
  s.feature_multiplier = feature.multiplier;
  s.feature_shift = feature.shift;
  s.time_multiplier = time.multiplier;
  s.time_shift = time.shift;
  *lowered->mutable_multipliers() = {feature.multiplier, time.multiplier};
  *lowered->mutable_shifts() = {feature.shift, time.shift};
  const Status valid = kernels::CheckSvdfParams(s, "svdf");
  return valid.ok() ? Status::Ok() : l.Fail("{}", valid.message());
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::SvdfOptions,
          schema::CreateSvdfOptions(w.builder(), w.params().svdf.rank, w.Requant()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(SvdfAttributes{op.options_as_SvdfOptions()->rank()});
}

}  // namespace svdf_lowering

extern const PlannerOp kSvdfPlanner = {&svdf_lowering::Lower, &svdf_lowering::Write,
                                       &svdf_lowering::Read};

}  // namespace arenastore::planner
