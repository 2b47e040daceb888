#include "planner/graph_builder.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace {

constexpr float kTargetSpreadSteps = 48.0f;  // output std-dev, in quantized steps
constexpr float kInputSpreadSteps = 40.0f;   // assumed input std-dev around its zero point
constexpr float kWeightSpreadSteps = 73.0f;  // std-dev of uniform int8 weights in [-127, 127]

int32_t ZeroPointFor(Activation activation) { return activation == Activation::NONE ? 0 : -128; }

// The output zero point of a layer over `in`: ZeroPointFor's, or 0 for int16 (16x8) activations.
int32_t ZeroPointFor(const Tensor& in, Activation activation) {
  return in.type == DataType::kInt16 ? 0 : ZeroPointFor(activation);
}

// The int32 bias values the builder drew, widened to int64 as a 16x8 layer takes them.
void WidenToInt64(Tensor& bias) {
  std::vector<uint8_t> widened(bias.data.size() * 2);
  for (size_t k = 0; k < bias.data.size() / 4; ++k) {
    int32_t value;
    std::memcpy(&value, bias.data.data() + 4 * k, 4);
    const int64_t wide_value = value;
    std::memcpy(widened.data() + 8 * k, &wide_value, 8);
  }
  bias.type = DataType::kInt64;
  bias.data = std::move(widened);
}

// A window op's attributes (its options struct): a square stride.
template <typename Attributes>
Attributes Window(Padding padding, int32_t stride, Activation activation) {
  Attributes a;
  a.padding = padding;
  a.stride_h = a.stride_w = stride;
  a.activation = activation;
  return a;
}

// A pool's: a square stride, no fused activation.
template <typename Attributes>
Attributes PoolWindow(Padding padding, int32_t filter_h, int32_t filter_w, int32_t stride) {
  Attributes a = Window<Attributes>(padding, stride, Activation::NONE);
  a.filter_h = filter_h;
  a.filter_w = filter_w;
  return a;
}

}  // namespace

GraphBuilder::GraphBuilder(std::string name, uint64_t seed)
    : state_(seed * 0x9E3779B97F4A7C15ull + 1) {
  graph_.name = std::move(name);
}

uint32_t GraphBuilder::NextRandom() {  // splitmix64: deterministic on every platform
  state_ += 0x9E3779B97F4A7C15ull;
  uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<uint32_t>((z ^ (z >> 31)) >> 32);
}

std::string GraphBuilder::NextName(const char* kind) {
  return std::string(kind) + "_" + std::to_string(counter_++);
}

int32_t GraphBuilder::AddTensor(Tensor tensor) {
  graph_.tensors.push_back(std::move(tensor));
  return static_cast<int32_t>(graph_.tensors.size() - 1);
}

int32_t GraphBuilder::AddActivation(const std::string& name, std::vector<int32_t> shape,
                                    float scale, int32_t zero_point) {
  Tensor tensor;
  tensor.name = name;
  tensor.type = DataType::kInt8;
  tensor.shape = std::move(shape);
  tensor.quantization.scales = {scale};
  tensor.quantization.zero_points = {zero_point};
  return AddTensor(std::move(tensor));
}

int32_t GraphBuilder::AddOp(kernels::OpKind kind, std::vector<int32_t> inputs, int32_t output,
                            OpAttributes attributes) {
  Op op;
  op.kind = kind;
  op.inputs = std::move(inputs);
  op.outputs = {output};
  op.attributes = std::move(attributes);
  op.name = graph_.tensors[output].name;
  graph_.ops.push_back(std::move(op));
  return output;
}

int32_t GraphBuilder::Input(const std::string& name, std::vector<int32_t> shape, float scale,
                            int32_t zero_point) {
  const int32_t tensor = AddActivation(name, std::move(shape), scale, zero_point);
  graph_.inputs.push_back(tensor);
  return tensor;
}

int32_t GraphBuilder::Input(const std::string& name, std::vector<int32_t> shape, DataType type) {
  Tensor tensor;
  tensor.name = name;
  tensor.type = type;
  tensor.shape = std::move(shape);
  const int32_t index = AddTensor(std::move(tensor));
  graph_.inputs.push_back(index);
  return index;
}

int32_t GraphBuilder::Input(const std::string& name, std::vector<int32_t> shape, DataType type,
                            float scale, int32_t zero_point) {
  const int32_t index = Input(name, std::move(shape), type);
  graph_.tensors[index].quantization = {{scale}, {zero_point}, 0};
  return index;
}

void GraphBuilder::Output(int32_t tensor) { graph_.outputs.push_back(tensor); }

int32_t GraphBuilder::WeightsPerChannel(const std::string& name, std::vector<int32_t> shape,
                                        int32_t channel_axis, int32_t fan_in,
                                        std::vector<float>* scales) {
  Tensor tensor;
  tensor.name = name;
  tensor.type = DataType::kInt8;
  tensor.shape = std::move(shape);
  tensor.is_constant = true;
  const int32_t channels = tensor.shape[channel_axis];
  scales->clear();
  const float base = WeightScale(fan_in);
  for (int32_t c = 0; c < channels; ++c) scales->push_back(base * (0.75f + 0.125f * (c % 5)));
  tensor.quantization.scales = *scales;
  tensor.quantization.zero_points.assign(channels, 0);
  tensor.quantization.quantized_dimension = channel_axis;
  tensor.data.resize(tensor.bytes());
  for (uint8_t& byte : tensor.data) {
    byte =
        static_cast<uint8_t>(static_cast<int8_t>(static_cast<int32_t>(NextRandom() % 255) - 127));
  }
  return AddTensor(std::move(tensor));
}

int32_t GraphBuilder::Bias(const std::string& name, int32_t channels, float input_scale,
                           const std::vector<float>& weight_scales, int32_t fan_in) {
  Tensor tensor;
  tensor.name = name;
  tensor.type = DataType::kInt32;
  tensor.shape = {channels};
  tensor.is_constant = true;
  tensor.quantization.quantized_dimension = 0;
  const float spread =
      kInputSpreadSteps * kWeightSpreadSteps * std::sqrt(static_cast<float>(fan_in));
  const int32_t range = std::max<int32_t>(1, static_cast<int32_t>(spread / 4));
  for (int32_t c = 0; c < channels; ++c) {
    const float scale = input_scale * weight_scales[weight_scales.size() == 1 ? 0 : c];
    tensor.quantization.scales.push_back(scale);
    tensor.quantization.zero_points.push_back(0);
  }
  tensor.data.resize(tensor.bytes());
  for (int32_t c = 0; c < channels; ++c) {
    const int32_t value = static_cast<int32_t>(NextRandom() % (2u * range + 1)) - range;
    std::memcpy(tensor.data.data() + 4 * c, &value, 4);
  }
  return AddTensor(std::move(tensor));
}

float GraphBuilder::WeightScale(int32_t fan_in) {
  const float spread =
      kInputSpreadSteps * kWeightSpreadSteps * std::sqrt(static_cast<float>(fan_in));
  return kTargetSpreadSteps / spread;
}

int32_t GraphBuilder::Conv2d(int32_t input, int32_t output_channels, int32_t filter_h,
                             int32_t filter_w, int32_t stride, Padding padding,
                             Activation activation, int32_t dilation) {
  const Tensor in = graph_.tensors[input];
  const std::string name = NextName("conv2d");
  std::vector<float> scales;
  const int32_t fan_in = filter_h * filter_w * in.shape[3];
  const int32_t filter = WeightsPerChannel(
      name + "/filter", {output_channels, filter_h, filter_w, in.shape[3]}, 0, fan_in, &scales);
  const int32_t bias = Bias(name + "/bias", output_channels, in.scale(), scales, fan_in);
  if (in.type == DataType::kInt16) WidenToInt64(graph_.tensors[bias]);
  const int32_t out_h = ConvOutputSize(padding, in.shape[1], filter_h, stride, dilation);
  const int32_t out_w = ConvOutputSize(padding, in.shape[2], filter_w, stride, dilation);
  const int32_t output = AddActivation(name, {in.shape[0], out_h, out_w, output_channels},
                                       in.scale(), ZeroPointFor(in, activation));
  graph_.tensors[output].type = in.type;
  auto attributes = Window<Conv2dAttributes>(padding, stride, activation);
  attributes.dilation_h = attributes.dilation_w = dilation;
  return AddOp(kernels::OpKind::kConv2d, {input, filter, bias}, output, attributes);
}

int32_t GraphBuilder::DepthwiseConv2d(int32_t input, int32_t filter_h, int32_t filter_w,
                                      int32_t stride, Padding padding, Activation activation,
                                      int32_t depth_multiplier) {
  const Tensor in = graph_.tensors[input];
  const std::string name = NextName("depthwise_conv2d");
  const int32_t channels = in.shape[3] * depth_multiplier;
  std::vector<float> scales;
  const int32_t fan_in = filter_h * filter_w;
  const int32_t filter =
      WeightsPerChannel(name + "/filter", {1, filter_h, filter_w, channels}, 3, fan_in, &scales);
  const int32_t bias = Bias(name + "/bias", channels, in.scale(), scales, fan_in);
  if (in.type == DataType::kInt16) WidenToInt64(graph_.tensors[bias]);
  const int32_t out_h = ConvOutputSize(padding, in.shape[1], filter_h, stride, 1);
  const int32_t out_w = ConvOutputSize(padding, in.shape[2], filter_w, stride, 1);
  const int32_t output = AddActivation(name, {in.shape[0], out_h, out_w, channels}, in.scale(),
                                       ZeroPointFor(in, activation));
  graph_.tensors[output].type = in.type;
  auto attributes = Window<DepthwiseConv2dAttributes>(padding, stride, activation);
  attributes.depth_multiplier = depth_multiplier;
  return AddOp(kernels::OpKind::kDepthwiseConv2d, {input, filter, bias}, output, attributes);
}

int32_t GraphBuilder::FullyConnected(int32_t input, int32_t output_depth, Activation activation) {
  const Tensor in = graph_.tensors[input];
  const std::string name = NextName("fully_connected");
  const int32_t depth = in.shape.back();
  std::vector<float> scales;
  const int32_t filter =
      WeightsPerChannel(name + "/filter", {output_depth, depth}, 0, depth, &scales);
  // Per-tensor weights, as TensorFlow Lite's converter emits for fully connected layers.
  graph_.tensors[filter].quantization.scales = {WeightScale(depth)};
  graph_.tensors[filter].quantization.zero_points = {0};
  const int32_t bias = Bias(name + "/bias", output_depth, in.scale(), {WeightScale(depth)}, depth);
  if (in.type == DataType::kInt16) WidenToInt64(graph_.tensors[bias]);
  const int32_t rows = static_cast<int32_t>(in.element_count() / depth);
  const int32_t output =
      AddActivation(name, {rows, output_depth}, in.scale(), ZeroPointFor(in, activation));
  graph_.tensors[output].type = in.type;
  FullyConnectedAttributes attributes;
  attributes.activation = activation;
  return AddOp(kernels::OpKind::kFullyConnected, {input, filter, bias}, output, attributes);
}

int32_t GraphBuilder::Svdf(int32_t input, int32_t units, int32_t rank, int32_t memory,
                           DataType state_type) {
  const Tensor in = graph_.tensors[input];
  const std::string name = NextName("svdf");
  const int32_t filters = units * rank;
  const int32_t batches = in.shape[0], depth = in.shape[1];
  std::vector<float> scales;
  const int32_t feature =
      WeightsPerChannel(name + "/weights_feature", {filters, depth}, 0, depth, &scales);
  graph_.tensors[feature].quantization = {{WeightScale(depth)}, {0}, 0};
  // The time weights as the state's type: random over its range (int16 narrowed to +-4095).
  Tensor time;
  time.name = name + "/weights_time";
  time.type = state_type;
  time.shape = {filters, memory};
  time.is_constant = true;
  time.quantization = {{state_type == DataType::kInt16 ? 1.0f / 65536 : 1.0f / 256}, {0}, 0};
  time.data.resize(time.bytes());
  const bool wide = state_type == DataType::kInt16;
  for (size_t i = 0; i < time.data.size(); i += wide ? 2 : 1) {
    const int32_t value =
        static_cast<int32_t>(NextRandom() % (wide ? 8191 : 255)) - (wide ? 4095 : 127);
    std::memcpy(time.data.data() + i, &value, wide ? 2 : 1);  // little-endian low bytes
  }
  const float time_scale = time.quantization.scales[0];
  const int32_t time_weights = AddTensor(std::move(time));
  Tensor state;
  state.name = name + "/state";
  state.type = state_type;
  state.shape = {batches, filters * memory};
  state.is_variable = true;
  const float state_scale = in.scale() * 4;
  state.quantization = {{state_scale}, {wide ? 0 : 3}, 0};
  const int32_t state_tensor = AddTensor(std::move(state));
  const int32_t bias = Bias(name + "/bias", units, state_scale, {time_scale}, memory * rank);
  const int32_t output = AddActivation(name, {batches, units}, in.scale(), -5);
  SvdfAttributes attributes;
  attributes.rank = rank;
  return AddOp(kernels::OpKind::kSvdf, {input, feature, time_weights, state_tensor, bias}, output,
               std::move(attributes));
}

int32_t GraphBuilder::UnidirectionalSequenceLstm(int32_t input, int32_t units, bool time_major,
                                                 float cell_clip) {
  const Tensor in = graph_.tensors[input];
  const bool wide = in.type == DataType::kInt16;  // 16x8: int16 activations, int64 biases
  const std::string name = NextName("lstm");
  const int32_t batches = in.shape[time_major ? 1 : 0], depth = in.shape[2];
  const float hidden_scale = wide ? 1.0f / 32768 : 1.0f / 128;
  const int32_t hidden_zero_point = wide ? 0 : -3;
  std::vector<int32_t> operands = {input};
  std::vector<float> input_scales;
  for (const char* gate : {"input", "forget", "cell", "output"}) {
    input_scales.push_back(WeightScale(depth) * 8);
    operands.push_back(
        ConstantInt8(name + "/" + gate + "_weights", {units, depth}, input_scales.back(), 0));
  }
  for (const char* gate : {"input", "forget", "cell", "output"}) {
    operands.push_back(ConstantInt8(name + "/" + gate + "_recurrent_weights", {units, units},
                                    WeightScale(units) * 8, 0));
  }
  for (size_t g = 0; g < 4; ++g) {
    const int32_t bias =
        Bias(name + "/gate_bias_" + std::to_string(g), units, in.scale(), {input_scales[g]}, depth);
    if (wide) WidenToInt64(graph_.tensors[bias]);
    operands.push_back(bias);
  }
  Tensor hidden;
  hidden.name = name + "/hidden_state";
  hidden.type = in.type;
  hidden.shape = {batches, units};
  hidden.is_variable = true;
  hidden.quantization = {{hidden_scale}, {hidden_zero_point}, 0};
  operands.push_back(AddTensor(std::move(hidden)));
  Tensor cell;
  cell.name = name + "/cell_state";
  cell.type = DataType::kInt16;
  cell.shape = {batches, units};
  cell.is_variable = true;
  cell.quantization = {{1.0f / 2048}, {0}, 0};
  operands.push_back(AddTensor(std::move(cell)));
  const int32_t output =
      AddActivation(name, {in.shape[0], in.shape[1], units}, hidden_scale, hidden_zero_point);
  graph_.tensors[output].type = in.type;
  UnidirectionalSequenceLstmAttributes attributes;
  attributes.time_major = time_major;
  attributes.real_cell_clip = cell_clip;
  return AddOp(kernels::OpKind::kUnidirectionalSequenceLstm, std::move(operands), output,
               std::move(attributes));
}

int32_t GraphBuilder::BatchMatmul(int32_t lhs, int32_t rhs, bool adj_x, bool adj_y) {
  const Tensor a = graph_.tensors[lhs];
  const Tensor b = graph_.tensors[rhs];
  const size_t ar = a.shape.size();
  const size_t br = b.shape.size();
  const int32_t rows = adj_x ? a.shape[ar - 1] : a.shape[ar - 2];
  const int32_t depth = adj_x ? a.shape[ar - 2] : a.shape[ar - 1];
  const int32_t cols = adj_y ? b.shape[br - 2] : b.shape[br - 1];
  std::vector<int32_t> shape(a.shape.begin(), a.shape.end() - 2);
  shape.push_back(rows);
  shape.push_back(cols);
  const float scale = a.scale() * b.scale() * kInputSpreadSteps * kInputSpreadSteps *
                      std::sqrt(static_cast<float>(depth)) / kTargetSpreadSteps;
  const int32_t output = AddActivation(NextName("batch_matmul"), shape, scale, 0);
  graph_.tensors[output].type = a.type;
  BatchMatmulAttributes attributes;
  attributes.adj_x = adj_x;
  attributes.adj_y = adj_y;
  return AddOp(kernels::OpKind::kBatchMatmul, {lhs, rhs}, output, std::move(attributes));
}

int32_t GraphBuilder::TransposeConv2d(int32_t input, int32_t output_channels, int32_t filter_h,
                                      int32_t filter_w, int32_t stride, Padding padding) {
  const Tensor in = graph_.tensors[input];
  const std::string name = NextName("transpose_conv2d");
  std::vector<float> scales;
  const int32_t fan_in = std::max(1, filter_h * filter_w * in.shape[3] / (stride * stride));
  const int32_t filter = WeightsPerChannel(
      name + "/filter", {output_channels, filter_h, filter_w, in.shape[3]}, 0, fan_in, &scales);
  const int32_t bias = Bias(name + "/bias", output_channels, in.scale(), scales, fan_in);
  if (in.type == DataType::kInt16) WidenToInt64(graph_.tensors[bias]);
  const int32_t out_h =
      padding == Padding::SAME ? in.shape[1] * stride : (in.shape[1] - 1) * stride + filter_h;
  const int32_t out_w =
      padding == Padding::SAME ? in.shape[2] * stride : (in.shape[2] - 1) * stride + filter_w;
  const int32_t output =
      AddActivation(name, {in.shape[0], out_h, out_w, output_channels}, in.scale(), 0);
  graph_.tensors[output].type = in.type;
  return AddOp(kernels::OpKind::kTransposeConv2d, {input, filter, bias}, output,
               Window<TransposeConv2dAttributes>(padding, stride, Activation::NONE));
}

int32_t GraphBuilder::AveragePool2d(int32_t input, int32_t filter_h, int32_t filter_w,
                                    int32_t stride, Padding padding) {
  const Tensor in = graph_.tensors[input];
  const int32_t out_h = ConvOutputSize(padding, in.shape[1], filter_h, stride, 1);
  const int32_t out_w = ConvOutputSize(padding, in.shape[2], filter_w, stride, 1);
  const int32_t output =
      AddActivation(NextName("average_pool2d"), {in.shape[0], out_h, out_w, in.shape[3]},
                    in.scale(), in.zero_point());
  return AddOp(kernels::OpKind::kAveragePool2d, {input}, output,
               PoolWindow<AveragePool2dAttributes>(padding, filter_h, filter_w, stride));
}

int32_t GraphBuilder::MaxPool2d(int32_t input, int32_t filter_h, int32_t filter_w, int32_t stride,
                                Padding padding) {
  const Tensor in = graph_.tensors[input];
  const int32_t out_h = ConvOutputSize(padding, in.shape[1], filter_h, stride, 1);
  const int32_t out_w = ConvOutputSize(padding, in.shape[2], filter_w, stride, 1);
  const int32_t output =
      AddActivation(NextName("max_pool2d"), {in.shape[0], out_h, out_w, in.shape[3]}, in.scale(),
                    in.zero_point());
  return AddOp(kernels::OpKind::kMaxPool2d, {input}, output,
               PoolWindow<MaxPool2dAttributes>(padding, filter_h, filter_w, stride));
}

namespace {

std::vector<int32_t> BroadcastShape(const std::vector<int32_t>& a, const std::vector<int32_t>& b) {
  const size_t rank = std::max(a.size(), b.size());
  std::vector<int32_t> shape(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const int32_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    const int32_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    shape[i] = std::max(da, db);
  }
  return shape;
}

}  // namespace

int32_t GraphBuilder::Add(int32_t input1, int32_t input2, Activation activation) {
  const Tensor a = graph_.tensors[input1];
  const Tensor b = graph_.tensors[input2];
  const float scale = 1.5f * std::max(a.scale(), b.scale());
  const int32_t output = AddActivation(NextName("add"), BroadcastShape(a.shape, b.shape), scale,
                                       ZeroPointFor(activation));
  return AddOp(kernels::OpKind::kAdd, {input1, input2}, output,
               AddAttributes{{.activation = activation}});
}

int32_t GraphBuilder::Mul(int32_t input1, int32_t input2, Activation activation) {
  const Tensor a = graph_.tensors[input1];
  const Tensor b = graph_.tensors[input2];
  const float scale =
      a.scale() * b.scale() * kInputSpreadSteps * kInputSpreadSteps / kTargetSpreadSteps;
  const int32_t output = AddActivation(NextName("mul"), BroadcastShape(a.shape, b.shape), scale,
                                       ZeroPointFor(activation));
  return AddOp(kernels::OpKind::kMul, {input1, input2}, output,
               MulAttributes{{.activation = activation}});
}

int32_t GraphBuilder::Operator(kernels::OpKind kind, std::vector<int32_t> inputs,
                               OpAttributes attributes, std::vector<int32_t> output_shape,
                               float output_scale, int32_t output_zero_point) {
  const int32_t output = AddActivation(NextName(kernels::OpKindName(kind)), std::move(output_shape),
                                       output_scale, output_zero_point);
  return AddOp(kind, std::move(inputs), output, std::move(attributes));
}

int32_t GraphBuilder::Operator(kernels::OpKind kind, std::vector<int32_t> inputs,
                               OpAttributes attributes, std::vector<int32_t> output_shape,
                               DataType output_type) {
  Tensor tensor;
  tensor.name = NextName(kernels::OpKindName(kind));
  tensor.type = output_type;
  tensor.shape = std::move(output_shape);
  const int32_t output = AddTensor(std::move(tensor));
  return AddOp(kind, std::move(inputs), output, std::move(attributes));
}

int32_t GraphBuilder::Operator(kernels::OpKind kind, std::vector<int32_t> inputs,
                               OpAttributes attributes, std::vector<int32_t> output_shape,
                               DataType output_type, float output_scale,
                               int32_t output_zero_point) {
  const int32_t output = Operator(kind, std::move(inputs), std::move(attributes),
                                  std::move(output_shape), output_type);
  graph_.tensors[output].quantization = {{output_scale}, {output_zero_point}, 0};
  return output;
}

std::vector<int32_t> GraphBuilder::MultiOutputOperator(
    kernels::OpKind kind, std::vector<int32_t> inputs, OpAttributes attributes,
    const std::vector<std::vector<int32_t>>& output_shapes, float output_scale,
    int32_t output_zero_point) {
  std::vector<int32_t> outputs;
  for (const std::vector<int32_t>& shape : output_shapes) {
    outputs.push_back(
        AddActivation(NextName(kernels::OpKindName(kind)), shape, output_scale, output_zero_point));
  }
  AddOp(kind, std::move(inputs), outputs[0], std::move(attributes));
  graph_.ops.back().outputs = outputs;
  return outputs;
}

int32_t GraphBuilder::Softmax(int32_t input, float beta) {
  const Tensor in = graph_.tensors[input];
  // Probabilities over the output type's range: int8's at 2^-8, int16's (16x8) at 2^-15.
  const bool wide = in.type == DataType::kInt16;
  const int32_t output = AddActivation(NextName("softmax"), in.shape,
                                       wide ? 1.0f / 32768.0f : 1.0f / 256.0f, wide ? 0 : -128);
  graph_.tensors[output].type = in.type;
  return AddOp(kernels::OpKind::kSoftmax, {input}, output, SoftmaxAttributes{{.beta = beta}});
}

int32_t GraphBuilder::Reshape(int32_t input, std::vector<int32_t> shape) {
  const Tensor in = graph_.tensors[input];
  const int32_t output =
      AddActivation(NextName("reshape"), std::move(shape), in.scale(), in.zero_point());
  graph_.tensors[output].type = in.type;
  return AddOp(kernels::OpKind::kReshape, {input}, output, ReshapeAttributes{});
}

int32_t GraphBuilder::Pad(int32_t input, std::vector<int32_t> before, std::vector<int32_t> after) {
  const Tensor in = graph_.tensors[input];
  std::vector<int32_t> shape = in.shape;
  for (size_t i = 0; i < shape.size() && i < before.size() && i < after.size(); ++i) {
    shape[i] += before[i] + after[i];
  }
  const int32_t output = AddActivation(NextName("pad"), shape, in.scale(), in.zero_point());
  PadAttributes attributes;
  attributes.before = std::move(before);
  attributes.after = std::move(after);
  return AddOp(kernels::OpKind::kPad, {input}, output, std::move(attributes));
}

int32_t GraphBuilder::Concatenation(const std::vector<int32_t>& inputs, int32_t axis) {
  const Tensor first = graph_.tensors[inputs[0]];
  std::vector<int32_t> shape = first.shape;
  const int32_t rank = static_cast<int32_t>(shape.size());
  const int32_t resolved = axis < 0 ? axis + rank : axis;
  shape[resolved] = 0;
  for (int32_t input : inputs) shape[resolved] += graph_.tensors[input].shape[resolved];
  const int32_t output =
      AddActivation(NextName("concatenation"), shape, first.scale(), first.zero_point());
  return AddOp(kernels::OpKind::kConcatenation, inputs, output,
               ConcatenationAttributes{{.axis = axis}});
}

int32_t GraphBuilder::ConstantInt8(const std::string& name, std::vector<int32_t> shape, float scale,
                                   int32_t zero_point) {
  Tensor tensor;
  tensor.name = name;
  tensor.type = DataType::kInt8;
  tensor.shape = std::move(shape);
  tensor.is_constant = true;
  tensor.quantization.scales = {scale};
  tensor.quantization.zero_points = {zero_point};
  tensor.data.resize(tensor.bytes());
  for (uint8_t& byte : tensor.data) byte = static_cast<uint8_t>(NextRandom() & 0xff);
  return AddTensor(std::move(tensor));
}

}  // namespace arenastore::planner
