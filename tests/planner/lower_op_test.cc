#include "planner/lower_op.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "planner/examples/examples.h"
#include "planner/graph_builder.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace {

TEST(LowerOp, ConvolutionGetsTensorFlowLitePaddingAndPerChannelMultipliers) {
  GraphBuilder b("stem", 7);
  const int32_t input = b.Input("mfcc", {1, 49, 10, 1}, 0.5f, 83);
  b.Output(b.Conv2d(input, 64, 10, 4, 2, Padding::SAME, Activation::RELU));
  const Graph graph = b.Build();
  auto lowered = LowerOp(graph, 0);
  ASSERT_TRUE(lowered.ok()) << lowered.status().message();
  const kernels::OpParams params = lowered->Params();
  const kernels::Conv2dParams& c = params.conv2d;
  EXPECT_EQ(params.kind, kernels::OpKind::kConv2d);
  EXPECT_EQ(c.output_h, 25);
  EXPECT_EQ(c.output_w, 5);
  EXPECT_EQ(c.output_c, 64);
  EXPECT_EQ(c.pad_top, 4);
  EXPECT_EQ(c.pad_left, 1);
  EXPECT_EQ(c.groups, 1);
  EXPECT_EQ(c.input_zero_point, 83);
  EXPECT_EQ(c.activation_min, -128);  // relu on an output with zero point -128
  ASSERT_EQ(c.requant.count, 64);
  const Tensor& filter = graph.tensors[graph.ops[0].inputs[1]];
  const Tensor& output = graph.tensors[graph.ops[0].outputs[0]];
  for (int ch = 0; ch < 64; ++ch) {
    const FixedPointMultiplier expected =
        QuantizeMultiplier(0.5 * static_cast<double>(filter.quantization.scales[ch]) /
                           static_cast<double>(output.scale()));
    EXPECT_EQ(c.requant.multipliers[ch], expected.multiplier) << "channel " << ch;
    EXPECT_EQ(c.requant.shifts[ch], expected.shift) << "channel " << ch;
  }
}

// The folded bias, recomputed here from the graph the way TensorFlow Lite's accumulator reads:
// bias - input_zero_point * (the weight row's sum), with symmetric weights.
std::vector<int32_t> ExpectedFoldedBias(const Graph& graph, const Op& op) {
  const Tensor& input = graph.tensors[op.inputs[0]];
  const Tensor& filter = graph.tensors[op.inputs[1]];
  const Tensor& bias = graph.tensors[op.inputs[2]];
  const int32_t depth = filter.shape[1];
  std::vector<int32_t> folded;
  for (int32_t o = 0; o < filter.shape[0]; ++o) {
    int64_t row_sum = 0;
    for (int32_t d = 0; d < depth; ++d) row_sum += static_cast<int8_t>(filter.data[o * depth + d]);
    int32_t b;
    std::memcpy(&b, bias.data.data() + o * sizeof(int32_t), sizeof b);
    folded.push_back(static_cast<int32_t>(b - int64_t{input.zero_point()} * row_sum));
  }
  return folded;
}

TEST(LowerOp, FullyConnectedFoldsTheWeightOnlyTermsIntoItsBiasOnce) {
  GraphBuilder b("dense", 11);
  const int32_t x = b.Input("x", {1, 40}, 0.25f, -17);
  b.Output(b.FullyConnected(x, 12, Activation::NONE));
  const Graph graph = b.Build();
  ASSERT_EQ(graph.tensors[graph.ops[0].inputs[1]].zero_point(), 0);
  auto lowered = LowerOp(graph, 0);
  ASSERT_TRUE(lowered.ok()) << lowered.status().message();
  EXPECT_EQ(std::get<FullyConnectedAttributes>(lowered->options()).folded_bias,
            ExpectedFoldedBias(graph, graph.ops[0]));
}

TEST(LowerOp, FullyConnectedFoldsNothingWithoutAnInputZeroPoint) {
  GraphBuilder b("dense", 11);
  const int32_t x = b.Input("x", {1, 40}, 0.25f, 0);
  b.Output(b.FullyConnected(x, 12, Activation::NONE));
  auto lowered = LowerOp(b.Build(), 0);
  ASSERT_TRUE(lowered.ok()) << lowered.status().message();
  EXPECT_TRUE(std::get<FullyConnectedAttributes>(lowered->options()).folded_bias.empty());
}

TEST(LowerOp, ParamsStayValidAfterTheLoweredOpMoves) {
  const Graph graph = BuildDsCnn();
  auto lowered = LowerOp(graph, 0);
  ASSERT_TRUE(lowered.ok());
  LoweredOp moved = std::move(lowered.value());
  const kernels::OpParams params = moved.Params();
  EXPECT_EQ(params.conv2d.requant.multipliers, moved.multipliers().data());
}

TEST(Graph, RefusesATensorLargerThanTheRuntimeHolds) {
  // 2^24 x 128 = 2^31 elements: one past kMaxTensorElements, which the runtime's lowering (that
  // the planner lowers through) relies on artifact validation to enforce.
  GraphBuilder b("huge", 1);
  const int32_t x = b.Input("x", {1 << 24, 128}, 0.1f, 0);
  b.Output(b.Operator(kernels::OpKind::kRelu, {x}, ReluAttributes{}, {1 << 24, 128}, 0.1f, 0));
  const Status status = b.Build().Validate();
  EXPECT_EQ(status.code(), ErrorCode::kPlanInvalidGraph);
  EXPECT_NE(std::string(status.message()).find("has more than 2147483647 elements"),
            std::string::npos)
      << status.message();
}

TEST(LowerOp, RejectsOutputShapeThatDisagreesWithTheConvolution) {
  GraphBuilder b("bad", 1);
  const int32_t input = b.Input("x", {1, 8, 8, 3}, 0.1f, 0);
  b.Output(b.Conv2d(input, 4, 3, 3, 1, Padding::SAME, Activation::NONE));
  Graph graph = b.Build();
  graph.tensors[graph.ops[0].outputs[0]].shape = {1, 7, 8, 4};
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  EXPECT_EQ(lowered.status().code(), ErrorCode::kPlanInvalidGraph);
  EXPECT_EQ(lowered.status().op_index(), 0);
  EXPECT_NE(std::string(lowered.status().message()).find("expected [1,8,8,4]"), std::string::npos)
      << lowered.status().message();
}

// The planner lowers only what the host derives; a shape rule only the runtime's lowering
// checks still rejects the graph at compile time, naming the graph's op and the problem.
TEST(LowerOp, RejectsWithTheRuntimesMessageAShapeOnlyTheRuntimeChecks) {
  GraphBuilder b("bad", 1);
  const int32_t input = b.Input("x", {1, 8, 8, 3}, 0.1f, 0);
  b.Output(b.Conv2d(input, 4, 3, 3, 1, Padding::SAME, Activation::NONE));
  Graph graph = b.Build();
  graph.tensors[graph.ops[0].inputs[2]].shape = {3};
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  EXPECT_EQ(lowered.status().code(), ErrorCode::kPlanInvalidGraph);
  const std::string message = lowered.status().message();
  EXPECT_EQ(message.rfind("op 0 (conv2d", 0), 0u) << message;
  EXPECT_NE(message.find("bias shape [3] has 3 elements, expected 4"), std::string::npos)
      << message;
}

// An artifact carries a constant's values; the runtime cannot tell that a bias has none.
TEST(LowerOp, RejectsABiasThatIsNotAConstant) {
  GraphBuilder b("bad", 1);
  const int32_t input = b.Input("x", {1, 8, 8, 3}, 0.1f, 0);
  b.Output(b.Conv2d(input, 4, 3, 3, 1, Padding::SAME, Activation::NONE));
  Graph graph = b.Build();
  graph.tensors[graph.ops[0].inputs[2]].is_constant = false;
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  EXPECT_NE(std::string(lowered.status().message()).find("must be a constant"), std::string::npos)
      << lowered.status().message();
}

TEST(LowerOp, RejectsSoftmaxWhoseOutputIsNotQuantizedAsTensorFlowLiteRequires) {
  GraphBuilder b("softmax", 1);
  const int32_t input = b.Input("x", {1, 10}, 0.1f, 0);
  b.Output(b.Softmax(input));
  Graph graph = b.Build();
  graph.tensors[graph.ops[0].outputs[0]].quantization.zero_points = {0};
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  EXPECT_NE(std::string(lowered.status().message()).find("zero point -128"), std::string::npos);
}

// Shapes and operand types are checked once, by the runtime's lowering of the op; the planner
// still refuses such a graph at compile time, naming its op.
TEST(LowerOp, RejectsAddWhoseInputsDoNotBroadcastToItsOutputNamingTheOp) {
  GraphBuilder b("add", 1);
  const int32_t x = b.Input("x", {1, 4, 3}, 0.1f, 0);
  const int32_t y = b.Input("y", {1, 4, 3}, 0.1f, 0);
  b.Output(b.Add(x, y, Activation::NONE));
  Graph graph = b.Build();
  graph.tensors[graph.ops[0].outputs[0]].shape = {1, 4, 2};
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  EXPECT_EQ(lowered.status().code(), ErrorCode::kPlanInvalidGraph);
  const std::string message = lowered.status().message();
  EXPECT_EQ(message.rfind("op 0 (add", 0), 0u) << message;
  EXPECT_NE(message.find("do not broadcast to output [1,4,2]"), std::string::npos) << message;
}

TEST(LowerOp, RejectsMulOfAnInt32OperandNamingItsType) {
  GraphBuilder b("mul", 1);
  const int32_t x = b.Input("x", {1, 4}, 0.1f, 0);
  const int32_t y = b.Input("y", {1, 4}, 0.1f, 0);
  b.Output(b.Mul(x, y, Activation::NONE));
  Graph graph = b.Build();
  graph.tensors[y].type = DataType::kInt32;
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  const std::string message = lowered.status().message();
  EXPECT_EQ(message.rfind("op 0 (mul", 0), 0u) << message;
  EXPECT_NE(message.find("input2 is INT32"), std::string::npos) << message;
}

TEST(LowerOp, RejectsAttributesOfAnotherKind) {
  GraphBuilder b("mismatch", 1);
  const int32_t input = b.Input("x", {1, 4, 4, 2}, 0.1f, 0);
  b.Output(b.MaxPool2d(input, 2, 2, 2, Padding::VALID));
  Graph graph = b.Build();
  graph.ops[0].attributes = SoftmaxAttributes{};
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  EXPECT_NE(std::string(lowered.status().message()).find("attributes do not match"),
            std::string::npos);
}

// Two inputs {1,2,3} joined along their last axis: output {1,2,6}.
Graph ConcatenationOfTwo() {
  GraphBuilder b("concat", 1);
  const int32_t x = b.Input("x", {1, 2, 3}, 0.1f, 0);
  const int32_t y = b.Input("y", {1, 2, 3}, 0.1f, 0);
  b.Output(b.Concatenation({x, y}, 2));
  return b.Build();
}

TEST(LowerOp, RejectsAnAxisBelowMinusRankThatWritingWouldWrapIntoRange) {
  Graph graph = ConcatenationOfTwo();
  // Written as -4 + 3 = -1, which the runtime would read as axis 2: only the planner sees -4.
  std::get<ConcatenationAttributes>(graph.ops[0].attributes).axis = -4;
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  EXPECT_EQ(lowered.status().code(), ErrorCode::kPlanInvalidGraph);
  const std::string message = lowered.status().message();
  EXPECT_EQ(message.rfind("op 0 (concatenation", 0), 0u) << message;
  EXPECT_NE(message.find("axis -4 out of range for rank 3"), std::string::npos) << message;
}

TEST(LowerOp, ShapeErrorsAreTheRuntimesLoweringsNamingTheGraphOp) {
  Graph graph = ConcatenationOfTwo();
  graph.tensors[graph.ops[0].outputs[0]].shape = {1, 2, 7};
  auto lowered = LowerOp(graph, 0);
  ASSERT_FALSE(lowered.ok());
  EXPECT_EQ(lowered.status().code(), ErrorCode::kPlanInvalidGraph);
  EXPECT_EQ(lowered.status().op_index(), 0);
  const std::string message = lowered.status().message();
  EXPECT_EQ(message.rfind("op 0 (concatenation", 0), 0u) << message;
  EXPECT_NE(message.find("inputs add up to 6 along axis 2, output has 7"), std::string::npos)
      << message;
}

TEST(LowerOp, EveryOpOfEveryExampleLowers) {
  for (const ExampleInfo& example : Examples()) {
    const Graph graph = example.build();
    ASSERT_TRUE(graph.Validate().ok()) << example.name << ": " << graph.Validate().message();
    for (size_t i = 0; i < graph.ops.size(); ++i) {
      auto lowered = LowerOp(graph, i);
      EXPECT_TRUE(lowered.ok()) << example.name << ": " << lowered.status().message();
    }
  }
}

TEST(LowerOp, AddDerivesTensorFlowLiteMultipliers) {
  GraphBuilder b("add", 1);
  const int32_t x = b.Input("x", {1, 4}, 0.5f, 1);
  const int32_t y = b.Input("y", {1, 4}, 0.25f, -2);
  b.Output(b.Add(x, y, Activation::NONE));  // output scale 0.75
  const Graph graph = b.Build();
  auto lowered = LowerOp(graph, 0);
  ASSERT_TRUE(lowered.ok()) << lowered.status().message();
  const kernels::AddParams& a = lowered->Params().add;
  EXPECT_EQ(a.left_shift, 20);
  EXPECT_EQ(a.input1_offset, -1);
  EXPECT_EQ(a.input2_offset, 2);
  // input1: 0.5 / (2 * 0.5) = 0.5; input2: 0.25 / 1.0 = 0.25 = 0.5 * 2^-1.
  EXPECT_EQ(a.input1_multiplier, 1 << 30);
  EXPECT_EQ(a.input1_shift, 0);
  EXPECT_EQ(a.input2_multiplier, 1 << 30);
  EXPECT_EQ(a.input2_shift, -1);
  // output: 1.0 / (2^20 * 0.75) = (4/3) * 2^-20 = 0.667 * 2^-19.
  EXPECT_EQ(a.output_shift, -19);
  EXPECT_EQ(a.output_multiplier, QuantizeMultiplier(1.0 / (1048576.0 * 0.75)).multiplier);
}

}  // namespace
}  // namespace arenastore::planner
