// depthwise_conv2d's test cases: small graphs whose last operator is a depthwise_conv2d, covering
// its options (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> DepthwiseConv2dCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("depthwise_conv2d same multiplier 2", 3);
    const int32_t x = b.Input("x", {1, 8, 8, 6}, 0.05f, 0);
    b.Output(b.DepthwiseConv2d(x, 3, 3, 1, Padding::SAME, Activation::RELU, 2));
    cases.push_back({"depthwise_conv2d same multiplier 2", b.Build()});
  }
  {
    GraphBuilder b("depthwise_conv2d valid stride 2", 4);
    const int32_t x = b.Input("x", {1, 9, 7, 16}, 0.02f, 10);
    b.Output(b.DepthwiseConv2d(x, 3, 3, 2, Padding::VALID, Activation::NONE));
    cases.push_back({"depthwise_conv2d valid stride 2", b.Build()});
  }
  {
    // micro_speech's shape, scaled down: one input channel feeding 8 (and 5: a block of four
    // plus one) output channels, 10x8-like taps with padding.
    GraphBuilder b("depthwise_conv2d multiplier 8 on one channel", 5);
    const int32_t x = b.Input("x", {1, 12, 9, 1}, 0.03f, -7);
    b.Output(b.DepthwiseConv2d(x, 5, 4, 2, Padding::SAME, Activation::RELU, 8));
    cases.push_back({"depthwise_conv2d multiplier 8 on one channel", b.Build()});
  }
  {
    GraphBuilder b("depthwise_conv2d multiplier 5 on two channels", 6);
    const int32_t x = b.Input("x", {1, 6, 7, 2}, 0.04f, 3);
    b.Output(b.DepthwiseConv2d(x, 3, 3, 1, Padding::SAME, Activation::NONE, 5));
    cases.push_back({"depthwise_conv2d multiplier 5 on two channels", b.Build()});
  }
  {
    GraphBuilder b("depthwise_conv2d 16x8 multiplier 2", 25);
    const int32_t x = b.Input("x", {1, 7, 6, 3}, DataType::kInt16, 1.0f / 4096, 0);
    b.Output(b.DepthwiseConv2d(x, 3, 3, 1, Padding::SAME, Activation::RELU6, 2));
    cases.push_back({"depthwise_conv2d 16x8 multiplier 2", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
