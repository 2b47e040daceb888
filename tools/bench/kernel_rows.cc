#include "tools/bench/kernel_rows.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

namespace arenastore::bench {
namespace {

using kernels::OpKind;

// Zero points and scales of a typical int8 model; any would do for timing, these keep the
// outputs spread over int8 so a wrong baseline shows up in the output comparison.
constexpr int32_t kInputZeroPoint = -3;
constexpr int32_t kOutputZeroPoint = 5;
constexpr float kInputScale = 0.02f;
constexpr float kOutputScale = 0.1f;

struct Fixed {
  int32_t multiplier, shift;
};

// real = multiplier * 2^(shift - 31), multiplier in [2^30, 2^31), as TensorFlow Lite.
Fixed Quantize(double real) {
  int shift = 0;
  const double fraction = std::frexp(real, &shift);
  auto fixed = static_cast<int64_t>(std::llround(fraction * 2147483648.0));
  if (fixed == (int64_t{1} << 31)) {
    fixed /= 2;
    ++shift;
  }
  return {static_cast<int32_t>(fixed), shift};
}

void FillRandom(std::mt19937& rng, Aligned64Bytes& bytes) {
  std::uniform_int_distribution<int> value(-128, 127);
  for (size_t i = 0; i < bytes.size(); ++i) bytes.int8()[i] = static_cast<int8_t>(value(rng));
}

// Random int8 times random int8 summed over `depth` has a spread of about 74 * 74 * sqrt(depth);
// scale it to a spread of ~40 output steps, with per-channel jitter of half an octave.
void FillRequant(std::mt19937& rng, KernelRow& row, int32_t channels, int32_t depth) {
  std::uniform_real_distribution<double> jitter(-0.5, 0.5);
  const double base = 40.0 / (74.0 * 74.0 * std::sqrt(static_cast<double>(depth)));
  row.input_scale = kInputScale;
  row.output_scale = kOutputScale;
  for (int32_t c = 0; c < channels; ++c) {
    const double real = base * std::exp2(jitter(rng));
    const Fixed fixed = Quantize(real);
    row.multipliers.push_back(fixed.multiplier);
    row.shifts.push_back(fixed.shift);
    row.filter_scales.push_back(static_cast<float>(real * kOutputScale / kInputScale));
  }
}

void FillBias(std::mt19937& rng, KernelRow& row, int32_t channels) {
  std::uniform_int_distribution<int32_t> value(-2000, 2000);
  for (int32_t c = 0; c < channels; ++c) row.bias.push_back(value(rng));
}

kernels::Requantization RequantOf(const KernelRow& row) {
  return {row.multipliers.data(), row.shifts.data(), static_cast<int32_t>(row.multipliers.size())};
}

// TensorFlow's SAME padding: output = ceil(input / stride), the excess split top-heavy last.
struct Same {
  int32_t output, pad_before;
};
Same SamePadding(int32_t input, int32_t filter, int32_t stride) {
  const int32_t output = (input + stride - 1) / stride;
  const int32_t total = std::max((output - 1) * stride + filter - input, 0);
  return {output, total / 2};
}

std::string Shape(int32_t h, int32_t w, int32_t c) {
  return std::to_string(h) + "x" + std::to_string(w) + "x" + std::to_string(c);
}

std::unique_ptr<KernelRow> Conv(std::mt19937& rng, const std::string& name, int32_t h, int32_t w,
                                int32_t input_c, int32_t output_c, int32_t filter_h,
                                int32_t filter_w, int32_t stride) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  const Same rows = SamePadding(h, filter_h, stride);
  const Same cols = SamePadding(w, filter_w, stride);
  row->shape = "conv " + std::to_string(filter_h) + "x" + std::to_string(filter_w) + " s" +
               std::to_string(stride) + " " + Shape(h, w, input_c) + " -> " +
               Shape(rows.output, cols.output, output_c);
  row->params.kind = OpKind::kConv2d;
  kernels::Conv2dParams& p = row->params.conv2d;
  p = {1,
       h,
       w,
       input_c,
       filter_h,
       filter_w,
       rows.output,
       cols.output,
       output_c,
       1,
       stride,
       stride,
       1,
       1,
       rows.pad_before,
       cols.pad_before,
       kInputZeroPoint,
       kOutputZeroPoint,
       -128,
       127,
       {},
       false};
  const int32_t depth = filter_h * filter_w * input_c;
  row->input = Aligned64Bytes(static_cast<size_t>(h) * w * input_c);
  row->filter = Aligned64Bytes(static_cast<size_t>(output_c) * depth);
  FillRandom(rng, row->input);
  FillRandom(rng, row->filter);
  FillBias(rng, *row, output_c);
  FillRequant(rng, *row, output_c, depth);
  p.requant = RequantOf(*row);
  row->output_bytes = static_cast<size_t>(rows.output) * cols.output * output_c;
  row->macs = static_cast<int64_t>(row->output_bytes) * depth;
  return row;
}

std::unique_ptr<KernelRow> Depthwise(std::mt19937& rng, const std::string& name, int32_t h,
                                     int32_t w, int32_t channels, int32_t filter_h,
                                     int32_t filter_w, int32_t stride) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  const Same rows = SamePadding(h, filter_h, stride);
  const Same cols = SamePadding(w, filter_w, stride);
  row->shape = "depthwise " + std::to_string(filter_h) + "x" + std::to_string(filter_w) + " s" +
               std::to_string(stride) + " " + Shape(h, w, channels) + " -> " +
               Shape(rows.output, cols.output, channels);
  row->params.kind = OpKind::kDepthwiseConv2d;
  kernels::DepthwiseConv2dParams& p = row->params.depthwise_conv2d;
  p = {1,
       h,
       w,
       channels,
       1,
       filter_h,
       filter_w,
       rows.output,
       cols.output,
       channels,
       stride,
       stride,
       1,
       1,
       rows.pad_before,
       cols.pad_before,
       kInputZeroPoint,
       kOutputZeroPoint,
       -128,
       127,
       {}};
  row->input = Aligned64Bytes(static_cast<size_t>(h) * w * channels);
  row->filter = Aligned64Bytes(static_cast<size_t>(filter_h) * filter_w * channels);
  FillRandom(rng, row->input);
  FillRandom(rng, row->filter);
  FillBias(rng, *row, channels);
  FillRequant(rng, *row, channels, filter_h * filter_w);
  p.requant = RequantOf(*row);
  row->output_bytes = static_cast<size_t>(rows.output) * cols.output * channels;
  row->macs = static_cast<int64_t>(row->output_bytes) * filter_h * filter_w;
  return row;
}

// Per-tensor requantization, as TensorFlow Lite's int8 fully connected layers have, and as
// XNNPACK's QS8 fully connected operator takes.
std::unique_ptr<KernelRow> FullyConnected(std::mt19937& rng, const std::string& name,
                                          int32_t input_depth, int32_t output_depth) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  row->shape =
      "fully connected " + std::to_string(input_depth) + " -> " + std::to_string(output_depth);
  row->params.kind = OpKind::kFullyConnected;
  kernels::FullyConnectedParams& p = row->params.fully_connected;
  p = {1, input_depth, output_depth, kInputZeroPoint, 0, kOutputZeroPoint, -128, 127, {}, false};
  row->input = Aligned64Bytes(static_cast<size_t>(input_depth));
  row->filter = Aligned64Bytes(static_cast<size_t>(output_depth) * input_depth);
  FillRandom(rng, row->input);
  FillRandom(rng, row->filter);
  FillBias(rng, *row, output_depth);
  FillRequant(rng, *row, 1, input_depth);
  p.requant = RequantOf(*row);
  row->output_bytes = static_cast<size_t>(output_depth);
  row->macs = static_cast<int64_t>(input_depth) * output_depth;
  return row;
}

// lhs [rows, depth] x rhs [depth, cols], both run-time inputs, per-tensor requantization.
std::unique_ptr<KernelRow> BatchMatmul(std::mt19937& rng, const std::string& name, int32_t rows,
                                       int32_t depth, int32_t cols) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  row->shape = "batch matmul " + std::to_string(rows) + "x" + std::to_string(depth) + " * " +
               std::to_string(depth) + "x" + std::to_string(cols);
  row->params.kind = OpKind::kBatchMatmul;
  FillRequant(rng, *row, 1, depth);
  kernels::BatchMatmulParams& p = row->params.batch_matmul;
  p = {{1, 1, 1},
       {1, 1, 1},
       rows,
       depth,
       cols,
       false,
       false,
       kInputZeroPoint,
       0,
       kOutputZeroPoint,
       -128,
       127,
       row->multipliers[0],
       row->shifts[0]};
  row->input = Aligned64Bytes(static_cast<size_t>(rows) * depth);
  row->filter = Aligned64Bytes(static_cast<size_t>(depth) * cols);
  FillRandom(rng, row->input);
  FillRandom(rng, row->filter);
  row->output_bytes = static_cast<size_t>(rows) * cols;
  row->macs = static_cast<int64_t>(rows) * depth * cols;
  return row;
}

// int8 mean of `shape` over the dimensions `reduced` marks, TensorFlow Lite's multiplier with
// 1/count folded in. "MAC"s count input elements.
std::unique_ptr<KernelRow> Mean(std::mt19937& rng, const std::string& name,
                                std::vector<int32_t> shape, std::vector<int32_t> reduced,
                                const std::string& shape_text) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  row->shape = "mean " + shape_text;
  row->params.kind = OpKind::kMean;
  kernels::ReduceParams p{};
  p.rank = static_cast<int32_t>(shape.size());
  int64_t elements = 1, count = 1;
  for (int32_t d = 0; d < p.rank; ++d) {
    p.input_shape[d] = shape[d];
    p.reduced[d] = reduced[d];
    elements *= shape[d];
    if (reduced[d] != 0) count *= shape[d];
  }
  const Fixed fixed = Quantize(kInputScale / (kOutputScale * static_cast<double>(count)));
  p.input_zero_point = kInputZeroPoint;
  p.output_zero_point = kOutputZeroPoint;
  p.output_multiplier = fixed.multiplier;
  p.output_shift = fixed.shift;
  row->params.mean = p;
  row->input_scale = kInputScale;
  row->output_scale = kOutputScale;
  row->input = Aligned64Bytes(static_cast<size_t>(elements));
  FillRandom(rng, row->input);
  row->output_bytes = static_cast<size_t>(elements / count);
  row->macs = elements;
  return row;
}

// int8 transpose of `shape` by `perm`. "MAC"s count bytes moved.
std::unique_ptr<KernelRow> Transpose(std::mt19937& rng, const std::string& name,
                                     std::vector<int32_t> shape, std::vector<int32_t> perm,
                                     const std::string& shape_text) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  row->shape = "transpose " + shape_text;
  row->params.kind = OpKind::kTranspose;
  const Status status = kernels::MakeTransposeParams(
      static_cast<int32_t>(shape.size()), shape.data(), perm.data(), &row->params.transpose);
  if (!status.ok()) std::fprintf(stderr, "%s: %s\n", name.c_str(), status.message());
  int64_t elements = 1;
  for (const int32_t size : shape) elements *= size;
  row->input = Aligned64Bytes(static_cast<size_t>(elements));
  FillRandom(rng, row->input);
  row->output_bytes = static_cast<size_t>(elements);
  row->macs = elements;
  return row;
}

// int8 `shape` minus a [1, 1, 1, C] vector broadcast over H and W, TensorFlow Lite's add/sub
// rescaling (left shift 20, both inputs at twice the larger input scale). "MAC"s count outputs.
std::unique_ptr<KernelRow> Sub(std::mt19937& rng, const std::string& name, int32_t h, int32_t w,
                               int32_t c) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  row->shape = "sub 1x" + Shape(h, w, c) + " - 1x1x1x" + std::to_string(c);
  row->params.kind = OpKind::kSub;
  constexpr double kSubtrahendScale = 0.03;
  const double twice_max = 2 * std::max<double>(kInputScale, kSubtrahendScale);
  const Fixed in1 = Quantize(kInputScale / twice_max);
  const Fixed in2 = Quantize(kSubtrahendScale / twice_max);
  const Fixed out = Quantize(twice_max / ((1 << 20) * static_cast<double>(kOutputScale)));
  kernels::SubParams& p = row->params.sub;
  p.shapes = {{1, 1, 1, h, w, c}, {1, 1, 1, 1, 1, c}, {1, 1, 1, h, w, c}};
  p.input1_offset = -kInputZeroPoint;
  p.input2_offset = 7;  // the subtrahend's zero point is -7
  p.output_offset = kOutputZeroPoint;
  p.left_shift = 20;
  p.input1_multiplier = in1.multiplier;
  p.input1_shift = in1.shift;
  p.input2_multiplier = in2.multiplier;
  p.input2_shift = in2.shift;
  p.output_multiplier = out.multiplier;
  p.output_shift = out.shift;
  p.activation_min = -128;
  p.activation_max = 127;
  row->input = Aligned64Bytes(static_cast<size_t>(h) * w * c);
  row->filter = Aligned64Bytes(static_cast<size_t>(c));  // the second input
  FillRandom(rng, row->input);
  FillRandom(rng, row->filter);
  row->output_bytes = row->input.size();
  row->macs = static_cast<int64_t>(row->output_bytes);
  return row;
}

// int8 strided slice of `shape`: along dimension d, count[d] elements from begin[d] every
// stride[d]. "MAC"s count bytes moved.
std::unique_ptr<KernelRow> StridedSlice(std::mt19937& rng, const std::string& name,
                                        std::vector<int32_t> shape, std::vector<int32_t> begin,
                                        std::vector<int32_t> stride, std::vector<int32_t> count,
                                        const std::string& shape_text) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  row->shape = "strided_slice " + shape_text;
  row->params.kind = OpKind::kStridedSlice;
  const Status status =
      kernels::MakeSliceWalk(static_cast<int32_t>(shape.size()), shape.data(), begin.data(),
                             stride.data(), count.data(), name.c_str(), &row->params.strided_slice);
  if (!status.ok()) std::fprintf(stderr, "%s: %s\n", name.c_str(), status.message());
  int64_t elements = 1, outputs = 1;
  for (size_t d = 0; d < shape.size(); ++d) {
    elements *= shape[d];
    outputs *= count[d];
  }
  row->input = Aligned64Bytes(static_cast<size_t>(elements));
  FillRandom(rng, row->input);
  row->output_bytes = static_cast<size_t>(outputs);
  row->macs = outputs;
  return row;
}

// int8 bilinear resize of an NHWC image to `out_h` x `out_w` (half-pixel centers, as most
// segmentation decoders export). "MAC"s count the four taps of each output element.
std::unique_ptr<KernelRow> ResizeBilinear(std::mt19937& rng, const std::string& name, int32_t h,
                                          int32_t w, int32_t c, int32_t out_h, int32_t out_w) {
  auto row = std::make_unique<KernelRow>();
  row->name = name;
  row->shape = "resize_bilinear " + std::to_string(h) + "x" + std::to_string(w) + "x" +
               std::to_string(c) + " -> " + std::to_string(out_h) + "x" + std::to_string(out_w);
  row->params.kind = OpKind::kResizeBilinear;
  row->params.resize_bilinear = kernels::ResizeBilinearParams{1, h, w, c, out_h, out_w, 0, 1};
  row->input = Aligned64Bytes(static_cast<size_t>(h) * w * c);
  FillRandom(rng, row->input);
  row->output_bytes = static_cast<size_t>(out_h) * out_w * c;
  row->macs = 4 * static_cast<int64_t>(row->output_bytes);
  return row;
}

}  // namespace

kernels::OpOperands KernelRow::Operands(int8_t* output) const {
  kernels::OpOperands operands{};
  operands.inputs[0] = input.data();
  operands.inputs[1] = filter.data();
  operands.num_inputs = filter.size() > 0 ? 2 : 1;  // sub's second input; data movement: one
  if (!bias.empty()) {
    operands.inputs[2] = bias.data();
    operands.num_inputs = 3;
  }
  operands.outputs[0] = output;
  operands.num_outputs = 1;
  return operands;
}

std::vector<std::unique_ptr<KernelRow>> BuildKernelRows() {
  std::mt19937 rng(20260406);
  std::vector<std::unique_ptr<KernelRow>> rows;
  // KWS DS-CNN (MLPerf Tiny): the 10x4 stride-2 stem, then one depthwise-separable block.
  rows.push_back(Conv(rng, "ds_cnn/conv10x4_s2_1to64", 49, 10, 1, 64, 10, 4, 2));
  rows.push_back(Depthwise(rng, "ds_cnn/depthwise3x3_64", 25, 5, 64, 3, 3, 1));
  rows.push_back(Conv(rng, "ds_cnn/pointwise_64to64", 25, 5, 64, 64, 1, 1, 1));
  // MobileNet-v1-0.25 at 96x96: the stem, the first block, and a late 128-channel pointwise.
  rows.push_back(Conv(rng, "mobilenet/conv3x3_s2_3to8", 96, 96, 3, 8, 3, 3, 2));
  rows.push_back(Depthwise(rng, "mobilenet/depthwise3x3_8", 48, 48, 8, 3, 3, 1));
  rows.push_back(Conv(rng, "mobilenet/pointwise_8to16", 48, 48, 8, 16, 1, 1, 1));
  rows.push_back(Conv(rng, "mobilenet/pointwise_128to128", 6, 6, 128, 128, 1, 1, 1));
  // ResNet-8 (MLPerf Tiny image classification).
  rows.push_back(Conv(rng, "resnet8/conv3x3_16to16", 32, 32, 16, 16, 3, 3, 1));
  rows.push_back(Conv(rng, "resnet8/conv3x3_s2_16to32", 32, 32, 16, 32, 3, 3, 2));
  rows.push_back(Conv(rng, "resnet8/conv3x3_32to32", 16, 16, 32, 32, 3, 3, 1));
  rows.push_back(Conv(rng, "resnet8/conv3x3_64to64", 8, 8, 64, 64, 3, 3, 1));
  rows.push_back(FullyConnected(rng, "fc/640to12", 640, 12));
  rows.push_back(FullyConnected(rng, "fc/256to128", 256, 128));
  rows.push_back(FullyConnected(rng, "fc/1024to1024", 1024, 1024));
  rows.push_back(BatchMatmul(rng, "batch_matmul/64x64x64", 64, 64, 64));
  // Data-movement and reduction heads: MobileNetV2's global average pool, a KWS-sized pool,
  // an NHWC -> NCHW transpose and a rank-3 swap of the last two dimensions.
  rows.push_back(Mean(rng, "mean/global_pool_7x7x1280", {1, 7, 7, 1280}, {0, 1, 1, 0},
                      "1x7x7x1280 over H,W -> 1x1280"));
  rows.push_back(Mean(rng, "mean/global_pool_25x5x64", {1, 25, 5, 64}, {0, 1, 1, 0},
                      "1x25x5x64 over H,W -> 1x64"));
  rows.push_back(Transpose(rng, "transpose/nhwc_to_nchw_56x56x32", {1, 56, 56, 32}, {0, 3, 1, 2},
                           "1x56x56x32 NHWC -> NCHW"));
  rows.push_back(Transpose(rng, "transpose/swap_last_two_8x64x96", {8, 64, 96}, {0, 2, 1},
                           "8x64x96 -> 8x96x64"));
  // A segmentation decoder's 2x upsampling.
  rows.push_back(ResizeBilinear(rng, "resize_bilinear/up2x_28x28x64", 28, 28, 64, 56, 56));
  // A per-channel subtraction (input normalisation, a residual's bias) and slices of a
  // 56x56x64 activation: every other pixel (64-byte runs) and a centre crop of half the
  // channels (32-byte runs), both with the innermost stride 1.
  rows.push_back(Sub(rng, "sub/channel_vector_56x56x64", 56, 56, 64));
  rows.push_back(StridedSlice(rng, "strided_slice/every_2nd_pixel_56x56x64", {1, 56, 56, 64},
                              {0, 0, 0, 0}, {1, 2, 2, 1}, {1, 28, 28, 64},
                              "1x56x56x64 [:, 0:56:2, 0:56:2, :]"));
  rows.push_back(StridedSlice(rng, "strided_slice/crop_56x56x64", {1, 56, 56, 64}, {0, 8, 8, 16},
                              {1, 1, 1, 1}, {1, 40, 40, 32}, "1x56x56x64 [:, 8:48, 8:48, 16:48]"));
  return rows;
}

}  // namespace arenastore::bench
