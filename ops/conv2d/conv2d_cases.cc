// conv2d's test cases: small graphs whose last operator is a conv2d, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> Conv2dCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("conv2d same stride 2 relu6", 1);
    const int32_t x = b.Input("x", {1, 9, 9, 4}, 0.05f, 3);
    b.Output(b.Conv2d(x, 8, 3, 3, 2, Padding::SAME, Activation::RELU6));
    cases.push_back({"conv2d same stride 2 relu6", b.Build()});
  }
  {
    GraphBuilder b("conv2d valid dilation 2", 2);
    const int32_t x = b.Input("x", {2, 10, 8, 3}, 0.1f, -5);
    b.Output(b.Conv2d(x, 5, 3, 2, 1, Padding::VALID, Activation::NONE, 2));
    cases.push_back({"conv2d valid dilation 2", b.Build()});
  }
  {
    GraphBuilder b("conv2d 16x8 same relu", 24);
    const int32_t x = b.Input("x", {1, 6, 5, 3}, DataType::kInt16, 1.0f / 4096, 0);
    b.Output(b.Conv2d(x, 4, 3, 3, 1, Padding::SAME, Activation::RELU));
    cases.push_back({"conv2d 16x8 same relu", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
