// conv2d's TensorFlow Lite mapping: CONV_2D -> a graph op with Conv2dAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace conv2d_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 3, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::Conv2DOptions* o, m.OptionsOf<tfl::Conv2DOptions>(true));
  Conv2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapConvWindow(m, *o, &a));
  // 16x8 too: int16 activations, int8 weights, an int32 or int64 bias (TFLM's conv takes both).
  m.AcceptIfInt16({m.input(0), m.output()});
  m.AcceptBiasOf(m.input(0), 2, o->quantized_bias_type(), /*int32_in_16x8=*/true);
  return m.Emit(kernels::OpKind::kConv2d, m.ConvLikeInputs(), a);
}

}  // namespace conv2d_mapping

// TensorFlow Lite's CONV_2D (builtin 3).
extern const TfliteOpMapping kConv2dTflite = {{3}, 1, &conv2d_mapping::Map};

}  // namespace arenastore::planner
