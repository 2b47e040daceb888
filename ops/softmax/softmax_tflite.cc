// softmax's TensorFlow Lite mapping: SOFTMAX from int8 to int8 or int16, or int16 to int16 -> a
// graph op with
// SoftmaxAttributes, or a reason it cannot run here.
#include <cmath>

#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace softmax_mapping {

void CheckSoftmaxBeta(TfliteOpMapper& m, float beta) {
  const float input_scale = m.ScaleOf(m.input(0), /*absent=*/1.0f);
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
  const tfl::TensorType in = m.reader().TensorTypeOf(m.input(0));
  const tfl::TensorType out = m.reader().TensorTypeOf(m.output());
  const bool from_int8 = in == tfl::TensorType::INT8 &&
                         (out == tfl::TensorType::INT8 || out == tfl::TensorType::INT16);
  const bool int16 = in == tfl::TensorType::INT16 && out == tfl::TensorType::INT16;
  if (!from_int8 && !int16) m.Refuse(TypesOf(in, out));
  m.result().checks_operand_types = true;
  return m.Emit(kernels::OpKind::kSoftmax, {m.input(0)}, a);
}

}  // namespace softmax_mapping

// TensorFlow Lite's SOFTMAX (builtin 25).
extern const TfliteOpMapping kSoftmaxTflite = {{25}, 1, &softmax_mapping::Map};

}  // namespace arenastore::planner
