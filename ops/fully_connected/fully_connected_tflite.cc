// fully_connected's TensorFlow Lite mapping: FULLY_CONNECTED -> a graph op with
// FullyConnectedAttributes (operands in our order, constant operands folded into attributes), or a
// reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace fully_connected_mapping {

constexpr int32_t kFullyConnectedBuiltin = 9;  // TensorFlow Lite's FULLY_CONNECTED

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 3, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::FullyConnectedOptions* o,
                              m.OptionsOf<tfl::FullyConnectedOptions>(false));
  FullyConnectedAttributes a;
  if (o != nullptr) {
    ARENASTORE_RETURN_IF_ERROR(m.ToActivation(o->fused_activation_function(), &a.activation));
    a.keep_num_dims = o->keep_num_dims();
    if (o->weights_format() != tfl::FullyConnectedOptionsWeightsFormat::DEFAULT) {
      m.Refuse("shuffled weights format");
    }
  }
  // 16x8 too: int16 activations, int8 weights, an int32 or int64 bias (TFLM's layer takes both).
  // Only an int16 (16x8) operator vouches for its operand types: an int8 or float one keeps the
  // importer's own tensor check, and its advice for float models.
  if (m.reader().TensorTypeOf(m.inputs()[0]) == tfl::TensorType::INT16) {
    m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  }
  m.AcceptBiasOf(m.inputs()[0], 2,
                 o != nullptr ? o->quantized_bias_type() : tfl::TensorType::FLOAT32,
                 /*int32_in_16x8=*/true);
  m.SetConvLikeInputs(kernels::OpKind::kFullyConnected);
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace fully_connected_mapping

extern const TfliteOpMapping kFullyConnectedTflite = {
    {fully_connected_mapping::kFullyConnectedBuiltin}, 1, &fully_connected_mapping::Map};

}  // namespace arenastore::planner
