// max_pool2d's test cases: small graphs whose last operator is a max_pool2d, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> MaxPool2dCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("max_pool2d valid 2x2 stride 2", 10);
    const int32_t x = b.Input("x", {2, 8, 8, 5}, 0.05f, 7);
    b.Output(b.MaxPool2d(x, 2, 2, 2, Padding::VALID));
    cases.push_back({"max_pool2d valid 2x2 stride 2", b.Build()});
  }
  {
    // int16 (16x8 models): raw int16 maxima, a fused relu6 clamping in int16.
    GraphBuilder b("max_pool2d int16 same 3x3 stride 2 relu6", 210);
    const int32_t x = b.Input("x", {1, 7, 6, 9}, DataType::kInt16, 0.0004f, 0);
    MaxPool2dAttributes a;
    a.padding = Padding::SAME;
    a.filter_h = 3;
    a.filter_w = 3;
    a.stride_h = 2;
    a.stride_w = 2;
    a.activation = Activation::RELU6;
    b.Output(b.Operator(kernels::OpKind::kMaxPool2d, {x}, a, {1, 4, 3, 9}, DataType::kInt16,
                        0.0004f, 0));
    cases.push_back({"max_pool2d int16 same 3x3 stride 2 relu6", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
