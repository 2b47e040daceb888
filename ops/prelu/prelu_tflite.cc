// prelu's TensorFlow Lite mapping: PRELU -> a graph op over (input, alpha) with PreluAttributes;
// alpha must be a constant int8 tensor with one scale (it parameterizes the op as weights do), a
// computed or per-channel alpha is refused with a reason.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace prelu_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  // 16x8: int16 input and output, alpha int8 (TFLM's int16 PRELU requires it).
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  const int32_t alpha = m.input(1);
  if (!m.reader().IsConstant(alpha)) {
    m.Refuse(fmt::format("alpha {} is not a constant", m.reader().TensorLabel(alpha)));
  }
  const tfl::QuantizationParameters* q = m.reader().tensor(alpha).quantization();
  if (q != nullptr && q->scale() != nullptr && q->scale()->size() > 1) {
    m.Refuse(fmt::format("alpha {} is quantized per channel ({} scales)",
                         m.reader().TensorLabel(alpha), q->scale()->size()));
  }
  return m.Emit(kernels::OpKind::kPrelu, {m.input(0), alpha}, PreluAttributes{});
}

}  // namespace prelu_mapping

// TensorFlow Lite's PRELU (builtin 54).
extern const TfliteOpMapping kPreluTflite = {{54}, 1, &prelu_mapping::Map};

}  // namespace arenastore::planner
