// zeros_like's TensorFlow Lite mapping: ZEROS_LIKE -> a graph zeros_like over its input, or a
// reason it cannot run here (types other than int8).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace zeros_like_mapping {

constexpr int32_t kZerosLikeBuiltin = 93;  // TensorFlow Lite's ZEROS_LIKE

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  if (m.reader().TensorTypeOf(m.inputs()[0]) != tfl::TensorType::INT8 ||
      m.reader().TensorTypeOf(m.outputs()[0]) != tfl::TensorType::INT8) {
    m.Refuse("only an int8 input and output run here");
    return Status::Ok();
  }
  m.result().op.kind = kernels::OpKind::kZerosLike;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = ZerosLikeAttributes{};
  return Status::Ok();
}

}  // namespace zeros_like_mapping

extern const TfliteOpMapping kZerosLikeTflite = {
    {zeros_like_mapping::kZerosLikeBuiltin}, 1, &zeros_like_mapping::Map};

}  // namespace arenastore::planner
