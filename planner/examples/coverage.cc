// A small graph that samples the operators beyond the MLPerf Tiny CNNs, the way real models
// chain them: a float round trip (dequantize, quantize_float), data movement (transpose,
// strided_slice, split into two outputs, concatenation, gather), elementwise sub and hard_swish,
// a reduction (mean), conversions between integer types (requantize to int16, cast of an
// arg_max's int32), and a float32 graph output. The device job runs it on a board against the
// host.
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"

namespace arenastore::planner {

Graph BuildCoverage() {
  using kernels::OpKind;
  GraphBuilder b("coverage", 5);
  const int32_t input = b.Input("input", {1, 8, 8, 4}, 0.05f, -3);
  const int32_t real = b.Operator(OpKind::kDequantize, {input}, DequantizeAttributes{},
                                  {1, 8, 8, 4}, DataType::kFloat32);
  const int32_t requantized = b.Operator(OpKind::kQuantizeFloat, {real}, QuantizeFloatAttributes{},
                                         {1, 8, 8, 4}, DataType::kInt8, 0.06f, 2);
  const int32_t channels_first =
      b.Operator(OpKind::kTranspose, {requantized}, TransposeAttributes{{.perm = {0, 3, 1, 2}}},
                 {1, 4, 8, 8}, 0.06f, 2);
  StridedSliceAttributes every_other;
  every_other.begin = {0, 0, 1, 0};
  every_other.stride = {1, 1, 2, 2};
  every_other.count = {1, 4, 4, 4};
  const int32_t sliced =
      b.Operator(OpKind::kStridedSlice, {channels_first}, every_other, {1, 4, 4, 4}, 0.06f, 2);
  const std::vector<int32_t> halves = b.MultiOutputOperator(
      OpKind::kSplit, {sliced}, SplitAttributes{{.axis = 1, .squeeze_axis = false}},
      {{1, 2, 4, 4}, {1, 2, 4, 4}}, 0.06f, 2);
  const int32_t difference =
      b.Operator(OpKind::kSub, {halves[0], halves[1]},
                 SubAttributes{{.activation = Activation::NONE}}, {1, 2, 4, 4}, 0.08f, 0);
  const int32_t swished =
      b.Operator(OpKind::kHardSwish, {halves[1]}, HardSwishAttributes{}, {1, 2, 4, 4}, 0.08f, 0);
  const int32_t joined = b.Concatenation({difference, swished}, 1);  // 1x4x4x4
  const int32_t gathered = b.Operator(
      OpKind::kGather, {joined},
      GatherAttributes{
          {.axis = 1, .axis_dims = 1, .batch_dims = 0, .indices_shape = {3}, .indices = {3, 0, 2}}},
      {1, 3, 4, 4}, 0.08f, 0);
  MeanAttributes over_width;
  over_width.axes = {3};
  over_width.keep_dims = false;
  const int32_t mean = b.Operator(OpKind::kMean, {gathered}, over_width, {1, 3, 4}, 0.05f, -1);
  b.Output(b.Operator(OpKind::kDequantize, {mean}, DequantizeAttributes{}, {1, 3, 4},
                      DataType::kFloat32));
  b.Output(b.Operator(OpKind::kRequantize, {gathered}, RequantizeAttributes{}, {1, 3, 4, 4},
                      DataType::kInt16, 0.002f, 0));
  const int32_t strongest =
      b.Operator(OpKind::kArgMinMax, {gathered},
                 ArgMinMaxAttributes{
                     {.kind = static_cast<int32_t>(kernels::ArgMinMaxKind::kArgMax), .axis = 3}},
                 {1, 3, 4}, DataType::kInt32);
  b.Output(b.Operator(OpKind::kCast, {strongest}, CastAttributes{}, {1, 3, 4}, DataType::kInt16));
  return b.Build();
}

}  // namespace arenastore::planner
