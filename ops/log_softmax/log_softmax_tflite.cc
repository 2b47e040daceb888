// log_softmax's TensorFlow Lite mapping: LOG_SOFTMAX -> a graph op with LogSoftmaxAttributes, or
// a reason it cannot run here (an output quantization other than TFLite's fixed 16/256 and 127,
// an input scale too fine for softmax's scaling).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace log_softmax_mapping {

constexpr int32_t kLogSoftmaxBuiltin = 50;  // TensorFlow Lite's LOG_SOFTMAX

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  const tfl::QuantizationParameters* q = m.reader().tensor(m.outputs()[0]).quantization();
  const float scale =
      q != nullptr && q->scale() != nullptr && q->scale()->size() > 0 ? q->scale()->Get(0) : 0.0f;
  const std::vector<int64_t> zero_points = m.reader().ZeroPointsOf(m.outputs()[0]);
  const int64_t zero_point = zero_points.empty() ? 0 : zero_points[0];
  if (scale != 16.0f / 256.0f || zero_point != 127) {
    m.Refuse(fmt::format("output scale {} and zero point {}, TFLM requires 16/256 and 127", scale,
                         zero_point));
  }
  const tfl::QuantizationParameters* iq = m.reader().tensor(m.inputs()[0]).quantization();
  const float input_scale = iq != nullptr && iq->scale() != nullptr && iq->scale()->size() > 0
                                ? iq->scale()->Get(0)
                                : 0.0f;
  if (!(static_cast<double>(input_scale) >= kMinSoftmaxBetaTimesScale)) {
    m.Refuse(fmt::format("input scale {} below what its Q5.26 differences can carry", input_scale));
  }
  m.result().op.kind = kernels::OpKind::kLogSoftmax;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = LogSoftmaxAttributes{};
  return Status::Ok();
}

}  // namespace log_softmax_mapping

extern const TfliteOpMapping kLogSoftmaxTflite = {
    {log_softmax_mapping::kLogSoftmaxBuiltin}, 1, &log_softmax_mapping::Map};

}  // namespace arenastore::planner
