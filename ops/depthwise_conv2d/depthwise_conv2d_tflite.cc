// depthwise_conv2d's TensorFlow Lite mapping: DEPTHWISE_CONV_2D -> a graph op with
// DepthwiseConv2dAttributes (operands in our order, constant operands folded into attributes), or a
// reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace depthwise_conv2d_mapping {

// TensorFlow Lite ignores the option since 2.x and derives the multiplier from the shapes
// (filter channels / input channels); we do the same and note a disagreement.
int32_t DepthMultiplierFromShapes(TfliteOpMapper& m, int32_t option) {
  const std::vector<int32_t> input = m.reader().ShapeOf(m.input(0));
  const std::vector<int32_t> filter = m.reader().ShapeOf(m.input(1));
  if (input.size() != 4 || filter.size() != 4 || filter[3] % input[3] != 0) return option;
  const int32_t derived = filter[3] / input[3];
  if (derived != option) {
    m.result().note = fmt::format(
        "operator {} (DEPTHWISE_CONV_2D): depth_multiplier option {} ignored, shapes give {}",
        m.op_index(), option, derived);
  }
  return derived;
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 3, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::DepthwiseConv2DOptions* o,
                              m.OptionsOf<tfl::DepthwiseConv2DOptions>(true));
  DepthwiseConv2dAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapConvWindow(m, *o, &a));
  a.depth_multiplier = DepthMultiplierFromShapes(m, o->depth_multiplier());
  // 16x8 too: int16 activations, int8 weights, an int64 bias (TFLM's only 16x8 bias here).
  m.AcceptIfInt16({m.input(0), m.output()});
  m.AcceptBiasOf(m.input(0), 2, tfl::TensorType::FLOAT32, /*int32_in_16x8=*/false);
  return m.Emit(kernels::OpKind::kDepthwiseConv2d, m.ConvLikeInputs(), a);
}

}  // namespace depthwise_conv2d_mapping

// TensorFlow Lite's DEPTHWISE_CONV_2D (builtin 4).
extern const TfliteOpMapping kDepthwiseConv2dTflite = {{4}, 1, &depthwise_conv2d_mapping::Map};

}  // namespace arenastore::planner
