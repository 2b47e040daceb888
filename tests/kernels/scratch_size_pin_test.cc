// Pins the scratch bytes every ref kernel declares on a fixed set of shapes, the real models'
// among them. Artifacts record these numbers; the gate compares them with the runtime's. A size
// function that changes without a kernel library version bump would let an old runtime and a
// new artifact (or the reverse) disagree silently, so any difference here fails until
// kernels/version.h is bumped and the table re-pinned for that version.
#include <gtest/gtest.h>

#include <cstddef>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/registry.h"
#include "kernels/version.h"

namespace arenastore::kernels {
namespace {

// The kernel library version the numbers below were measured on.
constexpr LibraryVersion kPinnedVersion = {1, 13, 0};

// Per-channel requantization storage for the params (sizes never read it; kernels would).
constexpr int kMaxChannels = 256;
const int32_t kMultipliers[kMaxChannels] = {};
const int32_t kShifts[kMaxChannels] = {};

Requantization PerChannel(int32_t channels) { return {kMultipliers, kShifts, channels}; }

// TensorFlow Lite SAME geometry along one dimension.
int32_t SameOutput(int32_t in, int32_t stride) { return (in + stride - 1) / stride; }
int32_t SamePadBefore(int32_t in, int32_t filter, int32_t stride) {
  const int32_t total = (SameOutput(in, stride) - 1) * stride + filter - in;
  return total > 0 ? total / 2 : 0;
}

OpParams Conv(int32_t h, int32_t w, int32_t in_c, int32_t f_h, int32_t f_w, int32_t stride,
              int32_t out_c) {
  OpParams p{};
  p.kind = OpKind::kConv2d;
  p.conv2d = Conv2dParams{.batches = 1,
                          .input_h = h,
                          .input_w = w,
                          .input_c = in_c,
                          .filter_h = f_h,
                          .filter_w = f_w,
                          .output_h = SameOutput(h, stride),
                          .output_w = SameOutput(w, stride),
                          .output_c = out_c,
                          .groups = 1,
                          .stride_h = stride,
                          .stride_w = stride,
                          .dilation_h = 1,
                          .dilation_w = 1,
                          .pad_top = SamePadBefore(h, f_h, stride),
                          .pad_left = SamePadBefore(w, f_w, stride),
                          .input_zero_point = 0,
                          .output_zero_point = -128,
                          .activation_min = -128,
                          .activation_max = 127,
                          .requant = PerChannel(out_c),
                          .int64_accumulator = false};
  return p;
}

OpParams Depthwise(int32_t h, int32_t w, int32_t in_c, int32_t multiplier, int32_t f,
                   int32_t stride) {
  OpParams p{};
  p.kind = OpKind::kDepthwiseConv2d;
  p.depthwise_conv2d = DepthwiseConv2dParams{.batches = 1,
                                             .input_h = h,
                                             .input_w = w,
                                             .input_c = in_c,
                                             .depth_multiplier = multiplier,
                                             .filter_h = f,
                                             .filter_w = f,
                                             .output_h = SameOutput(h, stride),
                                             .output_w = SameOutput(w, stride),
                                             .output_c = in_c * multiplier,
                                             .stride_h = stride,
                                             .stride_w = stride,
                                             .dilation_h = 1,
                                             .dilation_w = 1,
                                             .pad_top = SamePadBefore(h, f, stride),
                                             .pad_left = SamePadBefore(w, f, stride),
                                             .input_zero_point = -128,
                                             .output_zero_point = -128,
                                             .activation_min = -128,
                                             .activation_max = 127,
                                             .requant = PerChannel(in_c * multiplier)};
  return p;
}

OpParams FullyConnected(int32_t batches, int32_t in_depth, int32_t out_depth) {
  OpParams p{};
  p.kind = OpKind::kFullyConnected;
  p.fully_connected = FullyConnectedParams{.batches = batches,
                                           .input_depth = in_depth,
                                           .output_depth = out_depth,
                                           .input_zero_point = 0,
                                           .filter_zero_point = 0,
                                           .output_zero_point = 0,
                                           .activation_min = -128,
                                           .activation_max = 127,
                                           .requant = PerChannel(1),
                                           .int64_accumulator = false};
  return p;
}

OpParams BatchMatmul(int32_t batch, int32_t rows, int32_t accum, int32_t cols, bool adj_x,
                     bool adj_y) {
  OpParams p{};
  p.kind = OpKind::kBatchMatmul;
  p.batch_matmul = BatchMatmulParams{.lhs_batch = {1, 1, batch},
                                     .rhs_batch = {1, 1, batch},
                                     .rows = rows,
                                     .accum_depth = accum,
                                     .cols = cols,
                                     .adj_x = adj_x,
                                     .adj_y = adj_y,
                                     .lhs_zero_point = 0,
                                     .rhs_zero_point = 0,
                                     .output_zero_point = 0,
                                     .activation_min = -128,
                                     .activation_max = 127,
                                     .output_multiplier = 1 << 30,
                                     .output_shift = 0};
  return p;
}

// SAME transpose convolution: the output is the input times the stride.
OpParams TransposeConv(int32_t h, int32_t w, int32_t in_c, int32_t f, int32_t stride,
                       int32_t out_c) {
  OpParams p{};
  p.kind = OpKind::kTransposeConv2d;
  const int32_t total_pad = f > stride ? f - stride : 0;
  p.transpose_conv2d = TransposeConv2dParams{.batches = 1,
                                             .input_h = h,
                                             .input_w = w,
                                             .input_c = in_c,
                                             .filter_h = f,
                                             .filter_w = f,
                                             .output_h = h * stride,
                                             .output_w = w * stride,
                                             .output_c = out_c,
                                             .stride_h = stride,
                                             .stride_w = stride,
                                             .pad_top = total_pad / 2,
                                             .pad_left = total_pad / 2,
                                             .input_zero_point = 0,
                                             .output_zero_point = 0,
                                             .activation_min = -128,
                                             .activation_max = 127,
                                             .requant = PerChannel(out_c)};
  return p;
}

// VALID pooling.
OpParams Pool(OpKind kind, int32_t h, int32_t w, int32_t c, int32_t f_h, int32_t f_w,
              int32_t stride) {
  OpParams p{};
  p.kind = kind;
  (kind == OpKind::kMaxPool2d ? p.max_pool2d : p.average_pool2d) =
      Pool2dParams{1,      h,      w, c, f_h,  f_w, (h - f_h) / stride + 1, (w - f_w) / stride + 1,
                   stride, stride, 0, 0, -128, 127};
  return p;
}

BroadcastShapes Shapes(std::vector<int32_t> in1, std::vector<int32_t> in2,
                       std::vector<int32_t> out) {
  BroadcastShapes s{};
  auto set = [](const std::vector<int32_t>& shape, int32_t* target) {
    const size_t pad = kMaxBroadcastRank - shape.size();
    for (size_t i = 0; i < static_cast<size_t>(kMaxBroadcastRank); ++i) {
      target[i] = i < pad ? 1 : shape[i - pad];
    }
  };
  set(in1, s.input1);
  set(in2, s.input2);
  set(out, s.output);
  return s;
}

OpParams Add(BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kAdd;
  p.add = AddParams{shapes, 0, 0, 0, 20, 1 << 30, 0, 1 << 30, 0, 1 << 30, -19, -128, 127};
  return p;
}

OpParams Mul(BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kMul;
  p.mul = MulParams{shapes, 0, 0, 0, 1 << 30, 0, -128, 127};
  return p;
}

OpParams Sub(BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kSub;
  p.sub = SubParams{shapes, 0, 0, 0, 20, 1 << 30, 0, 1 << 30, 0, 1 << 30, -19, -128, 127};
  return p;
}

OpParams SquaredDifference(BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kSquaredDifference;
  p.squared_difference =
      SquaredDifferenceParams{shapes, 0, 0, 0, 7, 1 << 30, 0, 1 << 30, 0, 1 << 30, -10};
  return p;
}

OpParams Maximum(BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kMaximum;
  p.maximum = shapes;
  return p;
}

OpParams Minimum(BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kMinimum;
  p.minimum = shapes;
  return p;
}

OpParams Prelu(BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kPrelu;
  p.prelu = PreluParams{shapes, 0, 0, 0, 1 << 30, 0, 1 << 30, -8};
  return p;
}

OpParams Pack(int32_t inputs, int32_t outer, int32_t copy) {
  OpParams p{};
  p.kind = OpKind::kPack;
  p.pack = PackParams{inputs, outer, copy};
  return p;
}

OpParams Comparison(ComparisonKind kind, BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kComparison;
  p.comparison = ComparisonParams{shapes, kind, 8, 3, -5, 1073741824, -6, 1288490189, -7};
  return p;
}

OpParams ArgMinMax(ArgMinMaxKind kind, int32_t outer, int32_t axis, int32_t inner) {
  OpParams p{};
  p.kind = OpKind::kArgMinMax;
  p.arg_min_max = ArgMinMaxParams{kind, outer, axis, inner};
  return p;
}

OpParams SelectV2(std::vector<int32_t> condition, std::vector<int32_t> x, std::vector<int32_t> y,
                  std::vector<int32_t> output) {
  OpParams p{};
  p.kind = OpKind::kSelectV2;
  auto align = [](const std::vector<int32_t>& shape, int32_t* aligned) {
    const int pad = kMaxBroadcastRank - static_cast<int>(shape.size());
    for (int d = 0; d < kMaxBroadcastRank; ++d) aligned[d] = d < pad ? 1 : shape[d - pad];
  };
  align(condition, p.select_v2.condition);
  align(x, p.select_v2.x);
  align(y, p.select_v2.y);
  align(output, p.select_v2.output);
  return p;
}

OpParams Split(int32_t outer, int32_t inner, std::vector<int32_t> sizes) {
  OpParams p{};
  p.kind = OpKind::kSplit;
  p.split.num_outputs = static_cast<int32_t>(sizes.size());
  p.split.outer_size = outer;
  p.split.inner_size = inner;
  for (size_t k = 0; k < sizes.size(); ++k) p.split.sizes[k] = sizes[k];
  return p;
}

OpParams AddN(int32_t inputs, int32_t elements) {
  OpParams p{};
  p.kind = OpKind::kAddN;
  p.add_n = AddNParams{inputs, elements, 0, 0, 20, 1 << 30, 0, 1 << 30, -19, -128, 127};
  return p;
}

OpParams Div(BroadcastShapes shapes) {
  OpParams p{};
  p.kind = OpKind::kDiv;
  p.div = DivParams{shapes, 0, 0, 0, 1 << 30, 1, -128, 127};
  return p;
}

OpParams Cumsum(int32_t outer, int32_t axis, int32_t inner, bool exclusive, bool reverse) {
  OpParams p{};
  p.kind = OpKind::kCumsum;
  p.cumsum = CumsumParams{
      outer, axis, inner, exclusive ? 1 : 0, reverse ? 1 : 0, 0, 0, 20, 1 << 30, 0, 1 << 30,
      -19,   -128, 127};
  return p;
}

OpParams Svdf(int32_t batches, int32_t input_size, int32_t units, int32_t rank, int32_t memory) {
  OpParams p{};
  p.kind = OpKind::kSvdf;
  p.svdf = SvdfParams{batches, input_size, units * rank, rank,    memory, ElementType::kInt16, 0, 0,
                      0,       1 << 30,    -7,           1 << 30, -9};
  return p;
}

OpParams Lstm(int32_t batches, int32_t steps, int32_t input_size, int32_t units, bool time_major) {
  OpParams p{};
  p.kind = OpKind::kUnidirectionalSequenceLstm;
  auto& l = p.unidirectional_sequence_lstm;
  l.batches = batches;
  l.steps = steps;
  l.input_size = input_size;
  l.units = units;
  l.time_major = time_major;
  l.cell_scale_power = -11;
  for (int g = 0; g < kLstmGates; ++g) {
    l.input_multiplier[g] = l.recurrent_multiplier[g] = 1 << 30;
    l.input_shift[g] = l.recurrent_shift[g] = -3;
  }
  l.forget_cell_multiplier = l.input_cell_multiplier = l.hidden_multiplier = 1 << 30;
  l.forget_cell_shift = l.input_cell_shift = l.hidden_shift = -14;
  return p;
}

OpParams LogSoftmax(int32_t rows, int32_t depth) {
  OpParams p{};
  p.kind = OpKind::kLogSoftmax;
  p.log_softmax = LogSoftmaxParams{rows, depth, 1677721600, 23, 1431655765, 24, -1920};
  return p;
}

OpParams Gather(int32_t batch, int32_t outer, int32_t coord, int32_t axis, int32_t inner) {
  OpParams p{};
  p.kind = OpKind::kGather;
  p.gather = GatherParams{nullptr, batch, outer, coord, axis, inner};
  return p;
}

OpParams DynamicUpdateSlice(std::vector<int32_t> operand, std::vector<int32_t> update) {
  OpParams p{};
  p.kind = OpKind::kDynamicUpdateSlice;
  p.dynamic_update_slice.rank = static_cast<int32_t>(operand.size());
  for (size_t d = 0; d < operand.size(); ++d) {
    p.dynamic_update_slice.operand[d] = operand[d];
    p.dynamic_update_slice.update[d] = update[d];
  }
  return p;
}

OpParams Fill(int32_t elements) {
  OpParams p{};
  p.kind = OpKind::kFill;
  p.fill = FillParams{elements};
  return p;
}

OpParams ZerosLike(int32_t elements) {
  OpParams p{};
  p.kind = OpKind::kZerosLike;
  p.zeros_like = ZerosLikeParams{elements};
  return p;
}

OpParams Shape(std::vector<int32_t> dims) {
  OpParams p{};
  p.kind = OpKind::kShape;
  p.shape.rank = static_cast<int32_t>(dims.size());
  for (size_t d = 0; d < dims.size(); ++d) p.shape.dims[d] = dims[d];
  return p;
}

OpParams Dequantize(int32_t elements) {
  OpParams p{};
  p.kind = OpKind::kDequantize;
  p.dequantize = DequantizeParams{elements, ElementType::kInt8, -3, 0.05f};
  return p;
}

OpParams QuantizeFloat(int32_t elements) {
  OpParams p{};
  p.kind = OpKind::kQuantizeFloat;
  p.quantize_float = QuantizeFloatParams{elements, ElementType::kInt8, 5, 0.02f};
  return p;
}

OpParams Requantize(int32_t elements) {
  OpParams p{};
  p.kind = OpKind::kRequantize;
  p.requantize =
      RequantizeParams{elements, ElementType::kInt16, ElementType::kInt8, 0, -7, 1717986918, -6};
  return p;
}

OpParams Cast(int32_t elements) {
  OpParams p{};
  p.kind = OpKind::kCast;
  p.cast = CastParams{elements, ElementType::kInt8, ElementType::kFloat32};
  return p;
}

OpParams Softmax(int32_t rows, int32_t depth) {
  OpParams p{};
  p.kind = OpKind::kSoftmax;
  p.softmax = SoftmaxParams{rows, depth, 1242899200, 24, -124, ElementType::kInt8};
  return p;
}

OpParams Reshape(int32_t bytes) {
  OpParams p{};
  p.kind = OpKind::kReshape;
  p.reshape = ReshapeParams{bytes};
  return p;
}

OpParams Pad(std::vector<int32_t> shape, int32_t pad) {
  OpParams p{};
  p.kind = OpKind::kPad;
  p.pad.rank = static_cast<int32_t>(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    p.pad.input_shape[d] = shape[d];
    p.pad.before[d] = d == 0 ? 0 : pad;
    p.pad.after[d] = d == 0 ? 0 : pad;
  }
  p.pad.pad_value = -128;
  return p;
}

OpParams Concatenation(int32_t outer, int32_t inner, std::vector<int32_t> axis_sizes) {
  OpParams p{};
  p.kind = OpKind::kConcatenation;
  p.concatenation.num_inputs = static_cast<int32_t>(axis_sizes.size());
  p.concatenation.outer_size = outer;
  p.concatenation.inner_size = inner;
  for (size_t k = 0; k < axis_sizes.size(); ++k)
    p.concatenation.input_axis_sizes[k] = axis_sizes[k];
  return p;
}

// The byte-moving ops built through their units' own param builders.
OpParams Transpose(std::vector<int32_t> shape, std::vector<int32_t> perm) {
  OpParams p{};
  p.kind = OpKind::kTranspose;
  EXPECT_TRUE(MakeTransposeParams(static_cast<int32_t>(shape.size()), shape.data(), perm.data(),
                                  &p.transpose)
                  .ok());
  return p;
}

StridedCopyParams SliceWalk(std::vector<int32_t> shape, std::vector<int32_t> begin,
                            std::vector<int32_t> stride, std::vector<int32_t> count) {
  StridedCopyParams walk{};
  EXPECT_TRUE(MakeSliceWalk(static_cast<int32_t>(shape.size()), shape.data(), begin.data(),
                            stride.data(), count.data(), "pin", &walk)
                  .ok());
  return walk;
}

OpParams StridedSlice(StridedCopyParams walk) {
  OpParams p{};
  p.kind = OpKind::kStridedSlice;
  p.strided_slice = walk;
  return p;
}

OpParams Slice(StridedCopyParams walk) {
  OpParams p{};
  p.kind = OpKind::kSlice;
  p.slice = walk;
  return p;
}

OpParams ReverseV2(StridedCopyParams walk) {
  OpParams p{};
  p.kind = OpKind::kReverseV2;
  p.reverse_v2 = walk;
  return p;
}

OpParams SpaceToDepth(std::vector<int32_t> shape, int32_t block) {
  OpParams p{};
  p.kind = OpKind::kSpaceToDepth;
  int32_t out[4];
  EXPECT_TRUE(MakeSpaceToDepthParams(shape.data(), block, &p.space_to_depth, out).ok());
  return p;
}

OpParams DepthToSpace(std::vector<int32_t> shape, int32_t block) {
  OpParams p{};
  p.kind = OpKind::kDepthToSpace;
  int32_t out[4];
  EXPECT_TRUE(MakeDepthToSpaceParams(shape.data(), block, &p.depth_to_space, out).ok());
  return p;
}

OpParams BroadcastTo(std::vector<int32_t> in, std::vector<int32_t> out) {
  OpParams p{};
  p.kind = OpKind::kBroadcastTo;
  EXPECT_TRUE(MakeBroadcastToParams(static_cast<int32_t>(in.size()), in.data(),
                                    static_cast<int32_t>(out.size()), out.data(), &p.broadcast_to)
                  .ok());
  return p;
}

// NHWC shapes, 2-D block and crops (before = after = crop).
OpParams BatchToSpaceNd(std::vector<int32_t> in, std::vector<int32_t> out, int32_t block,
                        int32_t crop) {
  OpParams p{};
  p.kind = OpKind::kBatchToSpaceNd;
  const int32_t blocks[2] = {block, block}, crops[2] = {crop, crop};
  EXPECT_TRUE(
      MakeBatchToSpaceNdParams(4, in.data(), out.data(), blocks, crops, crops, &p.batch_to_space_nd)
          .ok());
  return p;
}

OpParams SpaceToBatchNd(std::vector<int32_t> in, std::vector<int32_t> out, int32_t block,
                        int32_t pad) {
  OpParams p{};
  p.kind = OpKind::kSpaceToBatchNd;
  const int32_t blocks[2] = {block, block}, pads[2] = {pad, pad};
  EXPECT_TRUE(MakeSpaceToBatchNdParams(4, in.data(), out.data(), blocks, pads, pads, -128,
                                       &p.space_to_batch_nd)
                  .ok());
  return p;
}

OpParams MirrorPad(std::vector<int32_t> shape, int32_t pad, bool symmetric) {
  OpParams p{};
  p.kind = OpKind::kMirrorPad;
  p.mirror_pad.rank = static_cast<int32_t>(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    p.mirror_pad.input_shape[d] = shape[d];
    p.mirror_pad.before[d] = d == 0 ? 0 : pad;
    p.mirror_pad.after[d] = d == 0 ? 0 : pad;
  }
  p.mirror_pad.edge_excluded = symmetric ? 0 : 1;
  return p;
}

OpParams TableLookup(OpKind kind, int32_t elements) {
  static const int8_t kTable[256] = {};
  OpParams p{};
  p.kind = kind;
  // Every table-lookup op's params are TableLookupParams, at the union's start.
  p.relu = TableLookupParams{kTable, elements};
  return p;
}

// A reduction (mean, sum, reduce_max, reduce_min) of `shape` over the dimensions marked in
// `reduced`.
OpParams Reduce(OpKind kind, std::vector<int32_t> shape, std::vector<int32_t> reduced) {
  OpParams p{};
  p.kind = kind;
  ReduceParams r{};
  r.rank = static_cast<int32_t>(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    r.input_shape[d] = shape[d];
    r.reduced[d] = reduced[d];
  }
  r.output_multiplier = 1 << 30;
  // Every reduction's params are ReduceParams, at the union's start.
  p.mean = r;
  return p;
}

// A resize of an NHWC `shape` to new_h x new_w.
OpParams Resize(OpKind kind, std::vector<int32_t> shape, int32_t new_h, int32_t new_w,
                bool align_corners, bool half_pixel_centers) {
  OpParams p{};
  p.kind = kind;
  // Both resizes' params are ResizeParams, at the union's start.
  p.resize_nearest_neighbor = ResizeParams{shape[0],
                                           shape[1],
                                           shape[2],
                                           shape[3],
                                           new_h,
                                           new_w,
                                           align_corners ? 1 : 0,
                                           half_pixel_centers ? 1 : 0};
  return p;
}

struct Pin {
  const char* shape;
  OpParams params;
  size_t ref_bytes;
};

// The int8 table-lookup ops share one kernel (kernels/table_lookup.h): no scratch on any shape.
void AddTableLookupPins(std::vector<Pin>* pins) {
  for (OpKind kind :
       {OpKind::kRelu, OpKind::kRelu6, OpKind::kLeakyRelu, OpKind::kLogistic, OpKind::kTanh,
        OpKind::kHardSwish, OpKind::kElu, OpKind::kAbs, OpKind::kQuantize, OpKind::kRsqrt}) {
    pins->push_back({"table lookup of 1 element", TableLookup(kind, 1), 0});
    pins->push_back({"table lookup of 49x10x64", TableLookup(kind, 49 * 10 * 64), 0});
    pins->push_back({"table lookup of 96x96x16", TableLookup(kind, 96 * 96 * 16), 0});
  }
}

// A reduction on three shapes, with `per_output` scratch bytes per output: mean and sum keep one
// int32 per output, max and min none.
void AddReducePins(std::vector<Pin>* pins, OpKind kind, size_t per_output) {
  pins->push_back(
      {"reduce 1x7x7x256 over h, w", Reduce(kind, {1, 7, 7, 256}, {0, 1, 1, 0}), 256 * per_output});
  pins->push_back({"reduce 49x10 over everything", Reduce(kind, {49, 10}, {1, 1}), per_output});
  pins->push_back({"reduce 2x3x4x5x6 over 0, 2, 4", Reduce(kind, {2, 3, 4, 5, 6}, {1, 0, 1, 0, 1}),
                   15 * per_output});
}

// A resize on three shapes: no scratch.
void AddResizePins(std::vector<Pin>* pins, OpKind kind) {
  pins->push_back({"resize 1x8x6x8 -> 16x12", Resize(kind, {1, 8, 6, 8}, 16, 12, false, false), 0});
  pins->push_back({"resize 2x48x48x3 -> 96x96 align_corners",
                   Resize(kind, {2, 48, 48, 3}, 96, 96, true, false), 0});
  pins->push_back({"resize 1x96x96x16 -> 24x24 half_pixel_centers",
                   Resize(kind, {1, 96, 96, 16}, 24, 24, false, true), 0});
}

// l2_normalization on three shapes: no scratch.
void AddL2NormalizationPins(std::vector<Pin>* pins) {
  for (const auto& [name, rows, depth] :
       {std::tuple{"l2 normalization 9x4", 9, 4}, std::tuple{"l2 normalization 1x128", 1, 128},
        std::tuple{"l2 normalization 49x64", 49, 64}}) {
    OpParams p{};
    p.kind = OpKind::kL2Normalization;
    p.l2_normalization = L2NormalizationParams{rows, depth, 0};
    pins->push_back({name, p, 0});
  }
}

// clang-format off
const std::vector<Pin>& PinnedSizes() {
  static const std::vector<Pin> pins = [] {
    std::vector<Pin> all = {
      {"kws conv 10x4 s2 1->64 on 49x10",        Conv(49, 10, 1, 10, 4, 2, 64),      0},
      {"kws pointwise 64->64 on 25x5",           Conv(25, 5, 64, 1, 1, 1, 64),       0},
      {"mobilenet 3x3 s2 3->8 on 96x96",         Conv(96, 96, 3, 3, 3, 2, 8),        0},
      {"resnet 3x3 16->16 on 32x32",             Conv(32, 32, 16, 3, 3, 1, 16),      0},
      {"kws depthwise 3x3 on 25x5x64",           Depthwise(25, 5, 64, 1, 3, 1),      0},
      {"mobilenet depthwise 3x3 s2 on 48x48x8",  Depthwise(48, 48, 8, 1, 3, 2),      0},
      {"depthwise 3x3 x2 on 10x10x4",            Depthwise(10, 10, 4, 2, 3, 1),      0},
      {"kws fc 64->12",                          FullyConnected(1, 64, 12),          0},
      {"ad01 fc 640->128",                       FullyConnected(1, 640, 128),        0},
      {"micro_speech fc 4000->4",                FullyConnected(1, 4000, 4),         0},
      {"batch matmul 4x [8x16]x[16x8]",          BatchMatmul(4, 8, 16, 8, false, false), 0},
      {"batch matmul [49x64]x[64x12]^T",         BatchMatmul(1, 49, 64, 12, false, true), 0},
      {"batch matmul 2x [32x10]^T x[32x32]",     BatchMatmul(2, 10, 32, 32, true, false), 0},
      {"transpose conv 3x3 s2 16->8 on 8x8",     TransposeConv(8, 8, 16, 3, 2, 8),   8192},
      {"transpose conv 4x4 s2 32->16 on 12x12",  TransposeConv(12, 12, 32, 4, 2, 16), 36864},
      {"transpose conv 3x3 s1 8->8 on 16x16",    TransposeConv(16, 16, 8, 3, 1, 8),  8192},
      {"kws avg pool 25x5x64 -> 1x1",            Pool(OpKind::kAveragePool2d, 25, 5, 64, 25, 5, 1), 0},
      {"vww avg pool 3x3x256 -> 1x1",            Pool(OpKind::kAveragePool2d, 3, 3, 256, 3, 3, 1), 0},
      {"resnet avg pool 8x8x64 -> 1x1",          Pool(OpKind::kAveragePool2d, 8, 8, 64, 8, 8, 1), 0},
      {"max pool 2x2 s2 on 32x32x16",            Pool(OpKind::kMaxPool2d, 32, 32, 16, 2, 2, 2), 0},
      {"max pool 3x3 s2 on 49x10x64",            Pool(OpKind::kMaxPool2d, 49, 10, 64, 3, 3, 2), 0},
      {"max pool 2x2 s1 on 5x5x3",               Pool(OpKind::kMaxPool2d, 5, 5, 3, 2, 2, 1), 0},
      {"resnet add 32x32x16",                    Add(Shapes({1, 32, 32, 16}, {1, 32, 32, 16}, {1, 32, 32, 16})), 0},
      {"add broadcast channel bias 8x8x32",      Add(Shapes({1, 8, 8, 32}, {32}, {1, 8, 8, 32})), 0},
      {"add 6-d broadcast",                      Add(Shapes({2, 1, 3, 1, 4, 5}, {1, 2, 1, 3, 4, 1}, {2, 2, 3, 3, 4, 5})), 0},
      {"mul 16x16x8",                            Mul(Shapes({1, 16, 16, 8}, {1, 16, 16, 8}, {1, 16, 16, 8})), 0},
      {"mul by scalar",                          Mul(Shapes({1, 10}, {1}, {1, 10})), 0},
      {"mul row x column",                       Mul(Shapes({4, 1}, {1, 6}, {4, 6})), 0},
      {"kws softmax 12",                         Softmax(1, 12), 0},
      {"vww softmax 2",                          Softmax(1, 2), 0},
      {"softmax 8 rows of 1000",                 Softmax(8, 1000), 0},
      {"kws reshape 64",                         Reshape(64), 0},
      {"micro_speech reshape 1960",              Reshape(1960), 0},
      {"reshape 8000",                           Reshape(8000), 0},
      {"pad 1 around 96x96x3",                   Pad({1, 96, 96, 3}, 1), 0},
      {"pad 2 around 10x10",                     Pad({1, 10, 10}, 2), 0},
      {"pad rank 5",                             Pad({1, 2, 3, 4, 5}, 1), 0},
      {"concat channels 2 inputs 16x16",         Concatenation(256, 1, {8, 8}), 0},
      {"concat rows 3 inputs",                   Concatenation(1, 64, {1, 2, 3}), 0},
      {"concat 16 inputs",                       Concatenation(4, 4, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}), 0},
      {"sub 16x16x8",                            Sub(Shapes({1, 16, 16, 8}, {1, 16, 16, 8}, {1, 16, 16, 8})), 0},
      {"sub scalar from 1x5x7",                  Sub(Shapes({1, 5, 7}, {1}, {1, 5, 7})), 0},
      {"sub 6-d broadcast",                      Sub(Shapes({2, 1, 3, 1, 4, 5}, {1, 2, 1, 3, 4, 1}, {2, 2, 3, 3, 4, 5})), 0},
      {"squared difference 3x3x7x5",             SquaredDifference(Shapes({3, 3, 7, 5}, {3, 3, 7, 5}, {3, 3, 7, 5})), 0},
      {"squared difference by row",              SquaredDifference(Shapes({5, 6, 7}, {1, 6, 7}, {5, 6, 7})), 0},
      {"squared difference by scalar",           SquaredDifference(Shapes({4, 7, 7, 1}, {1}, {4, 7, 7, 1})), 0},
      {"maximum 6x7x5x3",                        Maximum(Shapes({6, 7, 5, 3}, {6, 7, 5, 3}, {6, 7, 5, 3})), 0},
      {"maximum row x column",                   Maximum(Shapes({4, 1, 2}, {1, 7, 1}, {4, 7, 2})), 0},
      {"maximum by scalar",                      Maximum(Shapes({16}, {1}, {16})), 0},
      {"minimum 7x6",                            Minimum(Shapes({7, 6}, {7, 6}, {7, 6})), 0},
      {"minimum by channel block",               Minimum(Shapes({1, 6, 2, 5}, {1, 1, 2, 1}, {1, 6, 2, 5})), 0},
      {"minimum by scalar",                      Minimum(Shapes({7, 2}, {1, 1}, {7, 2})), 0},
      {"prelu scalar alpha 1x3x3x10",            Prelu(Shapes({1, 3, 3, 10}, {1, 1, 1}, {1, 3, 3, 10})), 0},
      {"prelu channel alpha 2x8x8x15",           Prelu(Shapes({2, 8, 8, 15}, {1, 1, 15}, {2, 8, 8, 15})), 0},
      {"prelu alpha block 1x1x7x13",             Prelu(Shapes({1, 1, 7, 13}, {1, 7, 13}, {1, 1, 7, 13})), 0},
      {"pack 4 vectors on axis 0",               Pack(4, 1, 5), 0},
      {"pack 2 on axis 1 of 7x7",                Pack(2, 7, 7), 0},
      {"pack 16 on the last axis",               Pack(16, 12, 1), 0},
      {"transpose nhwc to nchw 16x16x8",         Transpose({1, 16, 16, 8}, {0, 3, 1, 2}), 0},
      {"transpose rank 2 49x10",                 Transpose({49, 10}, {1, 0}), 0},
      {"transpose rank 6",                       Transpose({2, 1, 3, 2, 2, 3}, {5, 3, 0, 4, 2, 1}), 0},
      {"strided slice every 2nd of 32x32x16",    StridedSlice(SliceWalk({1, 32, 32, 16}, {0, 0, 0, 0}, {1, 2, 2, 1}, {1, 16, 16, 16})), 0},
      {"strided slice backwards 4x9",            StridedSlice(SliceWalk({4, 9}, {3, 8}, {-1, -2}, {4, 5})), 0},
      {"strided slice one row of 49x10",         StridedSlice(SliceWalk({49, 10}, {48, 0}, {1, 1}, {1, 10})), 0},
      {"slice center of 96x96x3",                Slice(SliceWalk({1, 96, 96, 3}, {0, 16, 16, 0}, {1, 1, 1, 1}, {1, 64, 64, 3})), 0},
      {"slice rank 1",                           Slice(SliceWalk({9}, {3}, {1}, {5})), 0},
      {"slice rank 5",                           Slice(SliceWalk({2, 3, 4, 5, 6}, {1, 0, 1, 2, 3}, {1, 1, 1, 1, 1}, {1, 3, 2, 2, 3})), 0},
      {"space to depth 2 on 32x32x3",            SpaceToDepth({1, 32, 32, 3}, 2), 0},
      {"space to depth 3 on 9x9x2",              SpaceToDepth({2, 9, 9, 2}, 3), 0},
      {"space to depth 4 on 16x16x1",            SpaceToDepth({1, 16, 16, 1}, 4), 0},
      {"depth to space 2 on 16x16x12",           DepthToSpace({1, 16, 16, 12}, 2), 0},
      {"depth to space 3 on 1x4x18",             DepthToSpace({2, 1, 4, 18}, 3), 0},
      {"depth to space 4 on 8x8x16",             DepthToSpace({1, 8, 8, 16}, 4), 0},
      {"reverse axis 0 of 8x5x2",                ReverseV2(SliceWalk({8, 5, 2}, {7, 0, 0}, {-1, 1, 1}, {8, 5, 2})), 0},
      {"reverse last axis of 49x10",             ReverseV2(SliceWalk({49, 10}, {0, 9}, {1, -1}, {49, 10})), 0},
      {"reverse axes 1-2 of 2x3x4x5",            ReverseV2(SliceWalk({2, 3, 4, 5}, {0, 2, 3, 0}, {1, -1, -1, 1}, {2, 3, 4, 5})), 0},
      {"broadcast channel bias to 8x8x32",       BroadcastTo({32}, {1, 8, 8, 32}), 0},
      {"broadcast 1x4x1x1 to 5x4x4x4",           BroadcastTo({1, 4, 1, 1}, {5, 4, 4, 4}), 0},
      {"broadcast rank 6",                       BroadcastTo({2, 1, 3, 1, 4, 1}, {2, 2, 3, 3, 4, 5}), 0},
      {"batch to space 2x2 on 4x8x8x16",         BatchToSpaceNd({4, 8, 8, 16}, {1, 16, 16, 16}, 2, 0), 0},
      {"batch to space 2x2 cropped 1",           BatchToSpaceNd({8, 3, 3, 2}, {2, 4, 4, 2}, 2, 1), 0},
      {"batch to space 3x3 on 9x2x2x1",          BatchToSpaceNd({9, 2, 2, 1}, {1, 6, 6, 1}, 3, 0), 0},
      {"space to batch 2x2 on 16x16x16",         SpaceToBatchNd({1, 16, 16, 16}, {4, 8, 8, 16}, 2, 0), 0},
      {"space to batch 2x2 padded 1",            SpaceToBatchNd({2, 4, 4, 2}, {8, 3, 3, 2}, 2, 1), 0},
      {"space to batch 3x3 on 6x6x1",            SpaceToBatchNd({1, 6, 6, 1}, {9, 2, 2, 1}, 3, 0), 0},
      {"mirror pad reflect 1 around 96x96x3",    MirrorPad({1, 96, 96, 3}, 1, false), 0},
      {"mirror pad symmetric 2 around 10x10",    MirrorPad({1, 10, 10}, 2, true), 0},
      {"mirror pad rank 6",                      MirrorPad({1, 2, 3, 4, 5, 6}, 1, true), 0},
      {"comparison equal 7x4x1",                 Comparison(ComparisonKind::kEqual, Shapes({7, 4, 1}, {7, 4, 1}, {7, 4, 1})), 0},
      {"comparison less 2x6x2x4 by 2x6x1x1",     Comparison(ComparisonKind::kLess, Shapes({2, 6, 2, 4}, {2, 6, 1, 1}, {2, 6, 2, 4})), 0},
      {"arg_max 6x10x7x3 on the last axis",       ArgMinMax(ArgMinMaxKind::kArgMax, 420, 3, 1), 0},
      {"arg_min 3x3x9x2 on the first axis",      ArgMinMax(ArgMinMaxKind::kArgMin, 1, 3, 162), 0},
      {"arg_max 5x2 on axis 0",                  ArgMinMax(ArgMinMaxKind::kArgMax, 1, 5, 2), 0},
      {"select_v2 6x7x6",                        SelectV2({6, 7, 6}, {6, 7, 6}, {6, 7, 6}, {6, 7, 6}), 0},
      {"select_v2 row condition, scalar y",      SelectV2({6, 7, 1}, {6, 7, 7}, {1, 1, 1}, {6, 7, 7}), 0},
      {"select_v2 all broadcast",                SelectV2({1, 1, 1}, {7, 1, 4}, {7, 1, 1}, {7, 1, 4}), 0},
      {"comparison greater_equal by scalar",     Comparison(ComparisonKind::kGreaterEqual, Shapes({7, 4, 4, 4}, {1}, {7, 4, 4, 4})), 0},
      {"split 8x4 on axis 0 into 4",             Split(1, 4, {2, 2, 2, 2}), 0},
      {"split_v 3x7x6x9 last axis into 2 and 7", Split(126, 1, {2, 7}), 0},
      {"unpack 3x6x3x2 axis 1 into 6",           Split(3, 6, {1, 1, 1, 1, 1, 1}), 0},
      {"add_n of 3 vectors of 6",                AddN(3, 6), 0},
      {"add_n of 4 on 8x10x5",                   AddN(4, 400), 0},
      {"add_n of 16 on 32x32x16",                AddN(16, 16384), 0},
      {"div 8x6x5",                              Div(Shapes({8, 6, 5}, {8, 6, 5}, {8, 6, 5})), 0},
      {"div by scalar",                          Div(Shapes({1, 10}, {1}, {1, 10})), 0},
      {"div row by column",                      Div(Shapes({4, 1}, {1, 6}, {4, 6})), 0},
      {"cumsum 6x6x7 on axis 1",                 Cumsum(6, 6, 7, false, false), 0},
      {"cumsum 8 exclusive",                     Cumsum(1, 8, 1, true, false), 0},
      {"cumsum 4x8 on axis 0 reverse",           Cumsum(1, 4, 8, true, true), 0},
      {"svdf 1x96, 64 units rank 1 memory 8",    Svdf(1, 96, 64, 1, 8), 512},
      {"svdf 2x15, 7 units rank 1",              Svdf(2, 15, 7, 1, 4), 112},
      {"svdf 1x4, 6 units rank 2",               Svdf(1, 4, 6, 2, 5), 72},
      {"lstm 1x2x4, 9 units",                    Lstm(1, 2, 4, 9, false), 72},
      {"lstm 2x2x4, 11 units",                   Lstm(2, 2, 4, 11, false), 176},
      {"lstm 28 steps x 28, 20 units",           Lstm(1, 28, 28, 20, false), 160},
      {"log_softmax 1x6",                        LogSoftmax(1, 6), 0},
      {"log_softmax 48 rows of 2",               LogSoftmax(48, 2), 0},
      {"log_softmax 8 rows of 1000",             LogSoftmax(8, 1000), 0},
      {"gather 4 rows of 49x10",                 Gather(1, 1, 4, 49, 10), 0},
      {"gather batch 2, outer 3, 5 of 7 rows",   Gather(2, 3, 5, 7, 16), 0},
      {"gather_nd 12 single elements of 1000",   Gather(1, 1, 12, 1000, 1), 0},
      {"dynamic update 4x7x2 by 1x7x2",          DynamicUpdateSlice({4, 7, 2}, {1, 7, 2}), 0},
      {"dynamic update 96x96x3 by 32x32x3",      DynamicUpdateSlice({96, 96, 3}, {32, 32, 3}), 0},
      {"dynamic update rank 6",                  DynamicUpdateSlice({2, 3, 4, 5, 6, 7}, {1, 2, 3, 4, 5, 6}), 0},
      {"fill 9",                                 Fill(9), 0},
      {"fill 10x6x6",                            Fill(360), 0},
      {"fill 96x96x3",                           Fill(27648), 0},
      {"zeros_like 3x9",                         ZerosLike(27), 0},
      {"zeros_like 10x8x6x3",                    ZerosLike(1440), 0},
      {"zeros_like 96x96x3",                     ZerosLike(27648), 0},
      {"shape of 5x5x10",                        Shape({5, 5, 10}), 0},
      {"shape of rank 8",                        Shape({1, 2, 3, 4, 5, 6, 7, 8}), 0},
      {"shape of a vector",                      Shape({1000}), 0},
      {"dequantize 10",                          Dequantize(10), 0},
      {"dequantize 8x4x6x4",                     Dequantize(768), 0},
      {"dequantize 96x96x3",                     Dequantize(27648), 0},
      {"quantize_float 6",                       QuantizeFloat(6), 0},
      {"quantize_float 6x2x3x9",                 QuantizeFloat(324), 0},
      {"quantize_float 96x96x3",                 QuantizeFloat(27648), 0},
      {"requantize 3x10",                        Requantize(30), 0},
      {"requantize 10x4x3",                      Requantize(120), 0},
      {"requantize 49x40",                       Requantize(1960), 0},
      {"cast 2x3x3",                             Cast(18), 0},
      {"cast 2x9x9x5",                           Cast(810), 0},
      {"cast 96x96x3",                           Cast(27648), 0},
  };
    AddTableLookupPins(&all);
    AddReducePins(&all, OpKind::kMean, 4);
    AddReducePins(&all, OpKind::kSum, 4);
    AddReducePins(&all, OpKind::kReduceMax, 0);
    AddReducePins(&all, OpKind::kReduceMin, 0);
    AddResizePins(&all, OpKind::kResizeNearestNeighbor);
    AddResizePins(&all, OpKind::kResizeBilinear);
    AddL2NormalizationPins(&all);
    return all;
  }();
  return pins;
}
// clang-format on

// The Arm variants' sizes (kernels/arm_dsp, kernels/arm_mve), on the ref table's shapes of the
// ops they specialise plus shapes that pick their other paths. Ops without an Arm variant run
// ref and must size as ref does (checked on the ref table below).
struct ArmPin {
  const char* shape;
  OpParams params;
  size_t arm_dsp_bytes;
  size_t arm_mve_bytes;
};

// clang-format off
const std::vector<ArmPin>& ArmPinnedSizes() {
  static const std::vector<ArmPin> pins = {
      {"kws conv 10x4 s2 1->64 on 49x10",        Conv(49, 10, 1, 10, 4, 2, 64),      160,   192},
      {"kws pointwise 64->64 on 25x5",           Conv(25, 5, 64, 1, 1, 1, 64),       0,     0},
      {"mobilenet 3x3 s2 3->8 on 96x96",         Conv(96, 96, 3, 3, 3, 2, 8),        112,   128},
      {"resnet 3x3 16->16 on 32x32",             Conv(32, 32, 16, 3, 3, 1, 16),      576,   576},
      {"resnet 1x1 s2 16->32 on 32x32",          Conv(32, 32, 16, 1, 1, 2, 32),      0,     0},
      {"kws depthwise 3x3 on 25x5x64",           Depthwise(25, 5, 64, 1, 3, 1),      0,     4464},
      {"mobilenet depthwise 3x3 s2 on 48x48x8",  Depthwise(48, 48, 8, 1, 3, 2),      0,     4464},
      {"depthwise 3x3 x2 on 10x10x4",            Depthwise(10, 10, 4, 2, 3, 1),      0,     0},
      {"depthwise 5x5 on 16x16x32",              Depthwise(16, 16, 32, 1, 5, 1),     1600,  12400},
      {"depthwise 5x5 x2 on 16x16x8",            Depthwise(16, 16, 8, 2, 5, 1),      0,     0},
      {"kws fc 64->12",                          FullyConnected(1, 64, 12),          0,     0},
      {"ad01 fc 640->128",                       FullyConnected(1, 640, 128),        0,     0},
      {"micro_speech fc 4000->4",                FullyConnected(1, 4000, 4),         0,     0},
      {"kws avg pool 25x5x64 -> 1x1",            Pool(OpKind::kAveragePool2d, 25, 5, 64, 25, 5, 1), 256, 0},
      {"vww avg pool 3x3x256 -> 1x1",            Pool(OpKind::kAveragePool2d, 3, 3, 256, 3, 3, 1), 1024, 0},
      {"resnet avg pool 8x8x64 -> 1x1",          Pool(OpKind::kAveragePool2d, 8, 8, 64, 8, 8, 1), 256, 0},
      {"resnet add 32x32x16",                    Add(Shapes({1, 32, 32, 16}, {1, 32, 32, 16}, {1, 32, 32, 16})), 0, 0},
      {"add broadcast channel bias 8x8x32",      Add(Shapes({1, 8, 8, 32}, {32}, {1, 8, 8, 32})), 0, 0},
      {"add 6-d broadcast",                      Add(Shapes({2, 1, 3, 1, 4, 5}, {1, 2, 1, 3, 4, 1}, {2, 2, 3, 3, 4, 5})), 0, 0},
  };
  return pins;
}
// clang-format on

// The x86 variants' sizes (kernels/x86_avx2, kernels/x86_avx512vnni, since 1.3.0), on the ref
// table's shapes of the ops they specialise plus shapes that pick their other paths.
struct X86Pin {
  const char* shape;
  OpParams params;
  size_t avx2_bytes;
  size_t avx512vnni_bytes;
};

// clang-format off
const std::vector<X86Pin>& X86PinnedSizes() {
  static const std::vector<X86Pin> pins = {
      {"kws conv 10x4 s2 1->64 on 49x10",        Conv(49, 10, 1, 10, 4, 2, 64),      9200, 6456},
      {"kws pointwise 64->64 on 25x5",           Conv(25, 5, 64, 1, 1, 1, 64),       12736, 8192},
      {"mobilenet 3x3 s2 3->8 on 96x96",         Conv(96, 96, 3, 3, 3, 2, 8),        2898, 2537},
      {"resnet 3x3 16->16 on 32x32",             Conv(32, 32, 16, 3, 3, 1, 16),      9408, 5216},
      {"kws depthwise 3x3 on 25x5x64",           Depthwise(25, 5, 64, 1, 3, 1),      11648, 12416},
      {"mobilenet depthwise 3x3 s2 on 48x48x8",  Depthwise(48, 48, 8, 1, 3, 2),      5792, 7328},
      {"depthwise 3x3 x2 on 10x10x4",            Depthwise(10, 10, 4, 2, 3, 1),      2240, 3776},
      {"kws fc 64->12",                          FullyConnected(1, 64, 12),          0, 0},
      {"ad01 fc 640->128",                       FullyConnected(1, 640, 128),        0, 0},
      {"micro_speech fc 4000->4",                FullyConnected(1, 4000, 4),         0, 0},
      {"batch matmul 4x [8x16]x[16x8]",          BatchMatmul(4, 8, 16, 8, false, false), 1280, 1600},
      {"batch matmul [49x64]x[64x12]^T",         BatchMatmul(1, 49, 64, 12, false, true), 9664, 5376},
      {"batch matmul 2x [32x10]^T x[32x32]",     BatchMatmul(2, 10, 32, 32, true, false), 6272, 4864},
      {"transpose conv 3x3 s2 16->8 on 8x8",     TransposeConv(8, 8, 16, 3, 2, 8),   4800, 4800},
      {"transpose conv 4x4 s2 32->16 on 12x12",  TransposeConv(12, 12, 32, 4, 2, 16), 26496, 26496},
      {"transpose conv 3x3 s1 8->8 on 16x16",    TransposeConv(16, 16, 8, 3, 1, 8),  5696, 5696},
      {"kws avg pool 25x5x64 -> 1x1",            Pool(OpKind::kAveragePool2d, 25, 5, 64, 25, 5, 1), 0, 0},
      {"vww avg pool 3x3x256 -> 1x1",            Pool(OpKind::kAveragePool2d, 3, 3, 256, 3, 3, 1), 0, 0},
      {"resnet avg pool 8x8x64 -> 1x1",          Pool(OpKind::kAveragePool2d, 8, 8, 64, 8, 8, 1), 0, 0},
      {"max pool 2x2 s2 on 32x32x16",            Pool(OpKind::kMaxPool2d, 32, 32, 16, 2, 2, 2), 0, 0},
      {"max pool 3x3 s2 on 49x10x64",            Pool(OpKind::kMaxPool2d, 49, 10, 64, 3, 3, 2), 0, 0},
      {"max pool 2x2 s1 on 5x5x3",               Pool(OpKind::kMaxPool2d, 5, 5, 3, 2, 2, 1), 0, 0},
      {"resnet add 32x32x16",                    Add(Shapes({1, 32, 32, 16}, {1, 32, 32, 16}, {1, 32, 32, 16})), 0, 0},
      {"add broadcast channel bias 8x8x32",      Add(Shapes({1, 8, 8, 32}, {32}, {1, 8, 8, 32})), 0, 0},
      {"add 6-d broadcast",                      Add(Shapes({2, 1, 3, 1, 4, 5}, {1, 2, 1, 3, 4, 1}, {2, 2, 3, 3, 4, 5})), 0, 0},
      {"mul 16x16x8",                            Mul(Shapes({1, 16, 16, 8}, {1, 16, 16, 8}, {1, 16, 16, 8})), 0, 0},
      {"mul by scalar",                          Mul(Shapes({1, 10}, {1}, {1, 10})), 0, 0},
      {"mul row x column",                       Mul(Shapes({4, 1}, {1, 6}, {4, 6})), 0, 0},
      {"sub 16x16x8",                            Sub(Shapes({1, 16, 16, 8}, {1, 16, 16, 8}, {1, 16, 16, 8})), 0, 0},
      {"sub scalar from 1x5x7",                  Sub(Shapes({1, 5, 7}, {1}, {1, 5, 7})), 0, 0},
      {"sub 6-d broadcast",                      Sub(Shapes({2, 1, 3, 1, 4, 5}, {1, 2, 1, 3, 4, 1}, {2, 2, 3, 3, 4, 5})), 0, 0},
      {"pad 1 around 96x96x3",                   Pad({1, 96, 96, 3}, 1), 0, 0},
      {"pad 2 around 10x10",                     Pad({1, 10, 10}, 2), 0, 0},
      {"pad rank 5",                             Pad({1, 2, 3, 4, 5}, 1), 0, 0},
      {"concat channels 2 inputs 16x16",         Concatenation(256, 1, {8, 8}), 0, 0},
      {"concat rows 3 inputs",                   Concatenation(1, 64, {1, 2, 3}), 0, 0},
      {"concat 16 inputs",                       Concatenation(4, 4, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}), 0, 0},
      {"resize_bilinear 1x8x6x8 -> 16x12",       Resize(OpKind::kResizeBilinear, {1, 8, 6, 8}, 16, 12, false, false), 0, 0},
      {"resize_bilinear 2x48x48x3 -> 96x96",     Resize(OpKind::kResizeBilinear, {2, 48, 48, 3}, 96, 96, true, false), 0, 0},
      {"resize_bilinear 1x96x96x16 -> 24x24",    Resize(OpKind::kResizeBilinear, {1, 96, 96, 16}, 24, 24, false, true), 0, 0},
      {"mean 1x7x7x1280 over h, w",              Reduce(OpKind::kMean, {1, 7, 7, 1280}, {0, 1, 1, 0}), 0, 0},
      {"mean 49x10 over the last axis",          Reduce(OpKind::kMean, {49, 10}, {0, 1}), 0, 0},
      {"mean 2x3x4x5x6 over 0, 2, 4",            Reduce(OpKind::kMean, {2, 3, 4, 5, 6}, {1, 0, 1, 0, 1}), 0, 0},
      {"transpose nhwc to nchw 56x56x32",        Transpose({1, 56, 56, 32}, {0, 3, 1, 2}), 0, 0},
      {"transpose rank 2 49x10",                 Transpose({49, 10}, {1, 0}), 0, 0},
      {"transpose rank 6",                       Transpose({2, 1, 3, 2, 2, 3}, {5, 3, 0, 4, 2, 1}), 0, 0},
      {"strided slice every 2nd of 32x32x16",    StridedSlice(SliceWalk({1, 32, 32, 16}, {0, 0, 0, 0}, {1, 2, 2, 1}, {1, 16, 16, 16})), 0, 0},
      {"strided slice backwards 4x9",            StridedSlice(SliceWalk({4, 9}, {3, 8}, {-1, -2}, {4, 5})), 0, 0},
      {"strided slice one row of 49x10",         StridedSlice(SliceWalk({49, 10}, {48, 0}, {1, 1}, {1, 10})), 0, 0},
  };
  return pins;
}
// clang-format on

TEST(ScratchSizePin, TableIsPinnedForTheCurrentKernelLibraryVersion) {
  EXPECT_TRUE(kLibraryVersion.major == kPinnedVersion.major &&
              kLibraryVersion.minor == kPinnedVersion.minor &&
              kLibraryVersion.patch == kPinnedVersion.patch)
      << "kernels/version.h is " << kLibraryVersion.major << "." << kLibraryVersion.minor << "."
      << kLibraryVersion.patch << " but this table was pinned for " << kPinnedVersion.major << "."
      << kPinnedVersion.minor << "." << kPinnedVersion.patch
      << ": re-measure the table for the new version and update kPinnedVersion";
}

TEST(ScratchSizePin, EveryOpIsPinnedOnAtLeastThreeShapes) {
  int count[kOpKindCount] = {};
  for (const Pin& pin : PinnedSizes()) ++count[static_cast<int>(pin.params.kind)];
  for (int op = 0; op < kOpKindCount; ++op) {
    EXPECT_GE(count[op], 3) << OpKindName(static_cast<OpKind>(op));
  }
}

TEST(ScratchSizePin, RefScratchSizesEqualThePinnedTable) {
  for (const Pin& pin : PinnedSizes()) {
    const size_t actual = ScratchBytes(pin.params, Isa::kRef);
    EXPECT_EQ(actual, pin.ref_bytes)
        << "size of " << OpKindName(pin.params.kind)
        << " changed: bump kernels/version.h and update this table (" << pin.shape << ": pinned "
        << pin.ref_bytes << " B, now " << actual << " B)";
  }
}

TEST(ScratchSizePin, ArmScratchSizesEqualThePinnedTable) {
  for (const ArmPin& pin : ArmPinnedSizes()) {
    for (const auto& [isa, pinned] :
         {std::pair{Isa::kArmDsp, pin.arm_dsp_bytes}, std::pair{Isa::kArmMve, pin.arm_mve_bytes}}) {
      ASSERT_TRUE(HasOwnVariant(pin.params.kind, KernelDtype::kInt8, isa))
          << pin.shape << " on " << IsaName(isa);
      const size_t actual = ScratchBytes(pin.params, isa);
      EXPECT_EQ(actual, pinned) << "size of " << OpKindName(pin.params.kind) << "/" << IsaName(isa)
                                << " changed: bump kernels/version.h and update this table ("
                                << pin.shape << ": pinned " << pinned << " B, now " << actual
                                << " B)";
    }
  }
}

TEST(ScratchSizePin, OpsWithoutAnArmVariantSizeAsRefOnArm) {
  for (const Pin& pin : PinnedSizes()) {
    for (const Isa isa : {Isa::kArmDsp, Isa::kArmMve}) {
      if (HasOwnVariant(pin.params.kind, KernelDtype::kInt8, isa)) continue;
      EXPECT_EQ(ScratchBytes(pin.params, isa), pin.ref_bytes)
          << pin.shape << " on " << IsaName(isa);
    }
  }
}

TEST(ScratchSizePin, X86ScratchSizesEqualThePinnedTable) {
  for (const X86Pin& pin : X86PinnedSizes()) {
    for (const auto& [isa, pinned] : {std::pair{Isa::kX86Avx2, pin.avx2_bytes},
                                      std::pair{Isa::kX86Avx512Vnni, pin.avx512vnni_bytes}}) {
      ASSERT_TRUE(HasOwnVariant(pin.params.kind, KernelDtype::kInt8, isa))
          << pin.shape << " on " << IsaName(isa);
      const size_t actual = ScratchBytes(pin.params, isa);
      EXPECT_EQ(actual, pinned) << "size of " << OpKindName(pin.params.kind) << "/" << IsaName(isa)
                                << " changed: bump kernels/version.h and update this table ("
                                << pin.shape << ": pinned " << pinned << " B, now " << actual
                                << " B)";
    }
  }
}

TEST(ScratchSizePin, OpsWithoutAnX86VariantSizeAsRefOnX86) {
  for (const Pin& pin : PinnedSizes()) {
    for (const Isa isa : {Isa::kX86Avx2, Isa::kX86Avx512Vnni}) {
      if (HasOwnVariant(pin.params.kind, KernelDtype::kInt8, isa)) continue;
      EXPECT_EQ(ScratchBytes(pin.params, isa), pin.ref_bytes)
          << pin.shape << " on " << IsaName(isa);
    }
  }
}

}  // namespace
}  // namespace arenastore::kernels
