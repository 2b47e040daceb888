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
    b.Output(b.DepthwiseConv2d(x, 3, 3, 1, Padding::kSame, Activation::kRelu, 2));
    cases.push_back({"depthwise_conv2d same multiplier 2", b.Build()});
  }
  {
    GraphBuilder b("depthwise_conv2d valid stride 2", 4);
    const int32_t x = b.Input("x", {1, 9, 7, 16}, 0.02f, 10);
    b.Output(b.DepthwiseConv2d(x, 3, 3, 2, Padding::kValid, Activation::kNone));
    cases.push_back({"depthwise_conv2d valid stride 2", b.Build()});
  }
  {
    GraphBuilder b("depthwise_conv2d 16x8 multiplier 2", 25);
    const int32_t x = b.Input("x", {1, 7, 6, 3}, DataType::kInt16, 1.0f / 4096, 0);
    b.Output(b.DepthwiseConv2d(x, 3, 3, 1, Padding::kSame, Activation::kRelu6, 2));
    cases.push_back({"depthwise_conv2d 16x8 multiplier 2", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
