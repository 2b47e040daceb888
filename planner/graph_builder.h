// GraphBuilder: a small C++ API for building int8 graphs with deterministic weights, used by
// the built-in examples and by tests. Each layer call appends one op and returns its output
// tensor; weights and biases come from a seeded generator, and output scales are chosen from
// the layer's fan-in so activations use the int8 range instead of saturating.
// Host-only (heap OK). Shapes are NHWC. Misuse (e.g. bad shapes) surfaces later as a
// kPlanInvalidGraph from Graph::Validate or the lowering, naming the op.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "planner/graph.h"

namespace arenastore::planner {

class GraphBuilder {
 public:
  GraphBuilder(std::string name, uint64_t seed);

  int32_t Input(const std::string& name, std::vector<int32_t> shape, float scale,
                int32_t zero_point);
  // A graph input of another, unquantized element type (a bool condition, int32 indices).
  int32_t Input(const std::string& name, std::vector<int32_t> shape, DataType type);
  // A quantized graph input of another integer type (an int16 activation).
  int32_t Input(const std::string& name, std::vector<int32_t> shape, DataType type, float scale,
                int32_t zero_point);
  // The layers below take their input's type: an int16 input (zero point 0) makes a 16x8 layer,
  // int16 output with zero point 0 and an int64 bias.
  int32_t Conv2d(int32_t input, int32_t output_channels, int32_t filter_h, int32_t filter_w,
                 int32_t stride, Padding padding, Activation activation, int32_t dilation = 1);
  int32_t DepthwiseConv2d(int32_t input, int32_t filter_h, int32_t filter_w, int32_t stride,
                          Padding padding, Activation activation, int32_t depth_multiplier = 1);
  int32_t FullyConnected(int32_t input, int32_t output_depth, Activation activation);
  int32_t BatchMatmul(int32_t lhs, int32_t rhs, bool adj_x, bool adj_y);
  int32_t TransposeConv2d(int32_t input, int32_t output_channels, int32_t filter_h,
                          int32_t filter_w, int32_t stride, Padding padding);
  int32_t AveragePool2d(int32_t input, int32_t filter_h, int32_t filter_w, int32_t stride,
                        Padding padding);
  int32_t MaxPool2d(int32_t input, int32_t filter_h, int32_t filter_w, int32_t stride,
                    Padding padding);
  int32_t Add(int32_t input1, int32_t input2, Activation activation);
  int32_t Mul(int32_t input1, int32_t input2, Activation activation);
  int32_t Softmax(int32_t input, float beta = 1.0f);
  int32_t Reshape(int32_t input, std::vector<int32_t> shape);
  int32_t Pad(int32_t input, std::vector<int32_t> before, std::vector<int32_t> after);
  int32_t Concatenation(const std::vector<int32_t>& inputs, int32_t axis);
  // An SVDF over a [batches, input_size] input: filters = units * rank, random int8 feature
  // weights, time weights and a variable state of `state_type` (kInt8 or kInt16), a bias.
  int32_t Svdf(int32_t input, int32_t units, int32_t rank, int32_t memory, DataType state_type);
  // A unidirectional sequence LSTM over a rank-3 input ([batches, steps, depth], or [steps,
  // batches, depth] when time_major): random int8 weights per gate, a hidden state of the
  // input's type and an int16 cell state (variables, cell scale 2^-11), cell clip as given.
  // An int8 input takes int32 biases; an int16 one (zero point 0) int64 biases.
  int32_t UnidirectionalSequenceLstm(int32_t input, int32_t units, bool time_major,
                                     float cell_clip);
  // Any operator: `kind` over `inputs` with `attributes`, its output an int8 activation of the
  // given shape and quantization (for ops without a typed call above).
  int32_t Operator(kernels::OpKind kind, std::vector<int32_t> inputs, OpAttributes attributes,
                   std::vector<int32_t> output_shape, float output_scale,
                   int32_t output_zero_point);
  // The same with an unquantized output of `output_type` (a comparison's bool, an index's int32).
  int32_t Operator(kernels::OpKind kind, std::vector<int32_t> inputs, OpAttributes attributes,
                   std::vector<int32_t> output_shape, DataType output_type);
  // The same with a quantized output of another integer type (a requantize's int16).
  int32_t Operator(kernels::OpKind kind, std::vector<int32_t> inputs, OpAttributes attributes,
                   std::vector<int32_t> output_shape, DataType output_type, float output_scale,
                   int32_t output_zero_point);
  // An operator with several outputs (split's parts): one int8 activation per shape, all of the
  // given quantization; returns them in order.
  std::vector<int32_t> MultiOutputOperator(kernels::OpKind kind, std::vector<int32_t> inputs,
                                           OpAttributes attributes,
                                           const std::vector<std::vector<int32_t>>& output_shapes,
                                           float output_scale, int32_t output_zero_point);
  // A constant int8 tensor with the given shape and per-tensor quantization.
  int32_t ConstantInt8(const std::string& name, std::vector<int32_t> shape, float scale,
                       int32_t zero_point);
  void Output(int32_t tensor);

  Graph Build() const { return graph_; }
  const Tensor& tensor(int32_t index) const { return graph_.tensors[index]; }

 private:
  int32_t AddTensor(Tensor tensor);
  int32_t AddActivation(const std::string& name, std::vector<int32_t> shape, float scale,
                        int32_t zero_point);
  int32_t AddOp(kernels::OpKind kind, std::vector<int32_t> inputs, int32_t output,
                OpAttributes attributes);
  // Per-channel scales around WeightScale(fan_in).
  int32_t WeightsPerChannel(const std::string& name, std::vector<int32_t> shape,
                            int32_t channel_axis, int32_t fan_in, std::vector<float>* scales);
  int32_t Bias(const std::string& name, int32_t channels, float input_scale,
               const std::vector<float>& weight_scales, int32_t fan_in);
  // The weight scale that maps the expected accumulator spread of a layer with this fan-in
  // to about 48 quantized output steps when the output keeps the input's scale.
  static float WeightScale(int32_t fan_in);
  std::string NextName(const char* kind);
  uint32_t NextRandom();

  Graph graph_;
  uint64_t state_;
  int32_t counter_ = 0;
};

}  // namespace arenastore::planner
