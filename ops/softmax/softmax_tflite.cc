// softmax's TensorFlow Lite mapping: SOFTMAX from int8 to int8 or int16, or int16 to int16 -> a
// graph op with
// SoftmaxAttributes, or a reason it cannot run here.
#include <cmath>

#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace softmax_mapping {

constexpr int32_t kSoftmaxBuiltin = 25;  // TensorFlow Lite's SOFTMAX

void CheckSoftmaxBeta(TfliteOpMapper& m, float beta) {
  const tfl::QuantizationParameters* q = m.reader().tensor(m.inputs()[0]).quantization();
  const float input_scale =
      (q != nullptr && q->scale() != nullptr && q->scale()->size() > 0) ? q->scale()->Get(0) : 1;
  if (!(static_cast<double>(beta) * input_scale >= kMinSoftmaxBetaTimesScale) ||
      !std::isfinite(beta)) {
    m.Refuse(fmt::format("beta {} with input scale {}", beta, input_scale));
  }
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::SoftmaxOptions* o,
                              m.OptionsOf<tfl::SoftmaxOptions>(false));
  SoftmaxAttributes a;
  a.beta = o != nullptr ? o->beta() : 0.0f;  // TensorFlow Lite's value when options are absent
  CheckSoftmaxBeta(m, a.beta);
  // An int8 input to an int8 or int16 output, or int16 to int16.
  const tfl::TensorType in = m.reader().TensorTypeOf(m.inputs()[0]);
  const tfl::TensorType out = m.reader().TensorTypeOf(m.outputs()[0]);
  const bool from_int8 = in == tfl::TensorType::INT8 &&
                         (out == tfl::TensorType::INT8 || out == tfl::TensorType::INT16);
  const bool int16 = in == tfl::TensorType::INT16 && out == tfl::TensorType::INT16;
  if (!from_int8 && !int16) m.Refuse(TypesOf(in, out));
  m.result().checks_operand_types = true;
  m.result().op.kind = kernels::OpKind::kSoftmax;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace softmax_mapping

extern const TfliteOpMapping kSoftmaxTflite = {
    {softmax_mapping::kSoftmaxBuiltin}, 1, &softmax_mapping::Map};

}  // namespace arenastore::planner
