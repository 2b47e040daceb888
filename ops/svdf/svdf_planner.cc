// svdf's planner unit: its lowering from graph attributes and float scales to
// kernels::SvdfParams (as TensorFlow Lite Micro prepares the op: both rescales computed in float
// from the tensors' scales), the SvdfOptions it writes to an artifact and reads back for
// re-planning, and which of those fields two artifacts must share to compute the same thing.
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace svdf_lowering {

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

}  // namespace svdf_lowering

extern const PlannerOp kSvdfPlanner = OptionsStructPlanner<SvdfAttributes>(&svdf_lowering::Lower);

}  // namespace arenastore::planner
