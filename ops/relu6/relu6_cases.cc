// relu6's test cases: small graphs whose last operator is a relu6, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> Relu6Cases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("relu6 on rank 3", 18);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.05f, -20);
    b.Output(b.Operator(kernels::OpKind::kRelu6, {x}, Relu6Attributes{}, {2, 5, 7}, 0.05f, -20));
    cases.push_back({"relu6 on rank 3", b.Build()});
  }
  {
    // int16: the raw input clamped to [q(0), q(6)] of its own quantization.
    GraphBuilder b("relu6 int16", 212);
    const int32_t x = b.Input("x", {4, 9}, DataType::kInt16, 0.0005f, 0);
    b.Output(b.Operator(kernels::OpKind::kRelu6, {x}, Relu6Attributes{}, {4, 9}, DataType::kInt16,
                        0.0005f, 0));
    cases.push_back({"relu6 int16", b.Build()});
  }
  {
    GraphBuilder b("relu6 on a 1x12x12x8 image", 180);
    const int32_t x = b.Input("x", {1, 12, 12, 8}, 0.05f, -20);
    b.Output(
        b.Operator(kernels::OpKind::kRelu6, {x}, Relu6Attributes{}, {1, 12, 12, 8}, 0.05f, -20));
    cases.push_back({"relu6 on a 1x12x12x8 image", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
