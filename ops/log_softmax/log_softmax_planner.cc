// log_softmax's planner unit: its lowering from the input scale to kernels::LogSoftmaxParams (as
// TensorFlow Lite Micro prepares the op: softmax's input scaling with beta 1, its inverse as a
// multiplier below one, the radius of differences that still matter), the LogSoftmaxOptions it
// writes to an artifact and reads back for re-planning, and which of those fields two artifacts
// must share to compute the same thing.
// Its TensorFlow Lite mapping: LOG_SOFTMAX -> a graph op with LogSoftmaxAttributes, or a reason it
// cannot run here (an output quantization other than TFLite's fixed 16/256 and 127, an input scale
// too fine for softmax's scaling).
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace log_softmax_planning {

constexpr int32_t kOutputZeroPoint = 127;       // TFLite's int8 LOG_SOFTMAX output
constexpr float kOutputScale = 16.0f / 256.0f;  // its scale: 4 integer bits

// What Write records and only the host derives: the scalings from the input's float scale,
// checked where the host's own arithmetic needs them in range. Types and shapes are the
// runtime's lowering's.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<LogSoftmaxAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  if (output.zero_point() != kOutputZeroPoint || output.scale() != kOutputScale) {
    return l.Fail("int8 log_softmax needs output scale 16/256 and zero point 127, got {} and {}",
                  output.scale(), output.zero_point());
  }
  auto& s = lowered->mutable_options<LogSoftmaxAttributes>();
  const SoftmaxScaling scaling = ComputeSoftmaxScaling(1.0f, input.scale());
  if (scaling.input_left_shift < 0 || scaling.input_left_shift > 30 ||
      scaling.input_multiplier <= 0) {
    return l.Fail("input scale {} is outside what int8 log_softmax can represent", input.scale());
  }
  s.input_multiplier = scaling.input_multiplier;
  s.input_left_shift = scaling.input_left_shift;
  s.diff_min = scaling.diff_min;
  // As TFLM's PreprocessLogSoftmaxScalingExp: 2^(31 - left shift) / multiplier, below one.
  const double real_reverse_scaling_divisor =
      static_cast<double>(1ll << (31 - scaling.input_left_shift)) /
      static_cast<double>(scaling.input_multiplier);
  const FixedPointMultiplier reverse = QuantizeMultiplier(real_reverse_scaling_divisor);
  if (reverse.shift > 0 || reverse.shift < -31) {
    return l.Fail("input scale {} gives a reverse scaling 2^{} out of range", input.scale(),
                  reverse.shift);
  }
  s.reverse_scaling_divisor = reverse.multiplier;
  s.reverse_scaling_right_shift = -reverse.shift;
  return Status::Ok();
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  const float scale = m.ScaleOf(m.output());
  const int64_t zero_point = m.ZeroPointOf(m.output());
  if (scale != 16.0f / 256.0f || zero_point != 127) {
    m.Refuse(fmt::format("output scale {} and zero point {}, TFLM requires 16/256 and 127", scale,
                         zero_point));
  }
  const float input_scale = m.ScaleOf(m.input(0));
  if (!(static_cast<double>(input_scale) >= kMinSoftmaxBetaTimesScale)) {
    m.Refuse(fmt::format("input scale {} below what its Q5.26 differences can carry", input_scale));
  }
  return m.Emit(kernels::OpKind::kLogSoftmax, {m.input(0)}, LogSoftmaxAttributes{});
}

}  // namespace log_softmax_planning

extern const PlannerOp kLogSoftmaxPlanner =
    OptionsStructPlanner<LogSoftmaxAttributes>(&log_softmax_planning::Lower);

// TensorFlow Lite's LOG_SOFTMAX (builtin 50).
extern const TfliteOpMapping kLogSoftmaxTflite = {{50}, 1, &log_softmax_planning::Map};

}  // namespace arenastore::planner
