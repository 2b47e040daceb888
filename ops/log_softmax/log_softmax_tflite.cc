// log_softmax's TensorFlow Lite mapping: LOG_SOFTMAX -> a graph op with LogSoftmaxAttributes, or
// a reason it cannot run here (an output quantization other than TFLite's fixed 16/256 and 127,
// an input scale too fine for softmax's scaling).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace log_softmax_mapping {

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

}  // namespace log_softmax_mapping

// TensorFlow Lite's LOG_SOFTMAX (builtin 50).
extern const TfliteOpMapping kLogSoftmaxTflite = {{50}, 1, &log_softmax_mapping::Map};

}  // namespace arenastore::planner
