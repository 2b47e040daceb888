// fully_connected's TensorFlow Lite mapping: FULLY_CONNECTED -> a graph op with
// FullyConnectedAttributes (operands in our order, constant operands folded into attributes), or a
// reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace fully_connected_mapping {

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
  m.AcceptIfInt16({m.input(0), m.output()});
  m.AcceptBiasOf(m.input(0), 2, o != nullptr ? o->quantized_bias_type() : tfl::TensorType::FLOAT32,
                 /*int32_in_16x8=*/true);
  return m.Emit(kernels::OpKind::kFullyConnected, m.ConvLikeInputs(), a);
}

}  // namespace fully_connected_mapping

// TensorFlow Lite's FULLY_CONNECTED (builtin 9).
extern const TfliteOpMapping kFullyConnectedTflite = {{9}, 1, &fully_connected_mapping::Map};

}  // namespace arenastore::planner
