// average_pool2d's test cases: small graphs whose last operator is a average_pool2d, covering its
// options (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> AveragePool2dCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("average_pool2d same 3x3 stride 2", 9);
    const int32_t x = b.Input("x", {1, 9, 9, 12}, 0.05f, -3);
    b.Output(b.AveragePool2d(x, 3, 3, 2, Padding::SAME));
    cases.push_back({"average_pool2d same 3x3 stride 2", b.Build()});
  }
  {
    // int16 (16x8 models): sums past int8's range, a fused relu clamping in int16.
    GraphBuilder b("average_pool2d int16 same 3x2 stride 2 relu", 209);
    const int32_t x = b.Input("x", {2, 6, 7, 5}, DataType::kInt16, 0.0005f, 0);
    AveragePool2dAttributes a;
    a.padding = Padding::SAME;
    a.filter_h = 3;
    a.filter_w = 2;
    a.stride_h = 2;
    a.stride_w = 2;
    a.activation = Activation::RELU;
    b.Output(b.Operator(kernels::OpKind::kAveragePool2d, {x}, a, {2, 3, 4, 5}, DataType::kInt16,
                        0.0005f, 0));
    cases.push_back({"average_pool2d int16 same 3x2 stride 2 relu", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
