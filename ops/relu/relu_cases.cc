// relu's test cases: small graphs whose last operator is a relu, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> ReluCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("relu on rank 3", 17);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.05f, -20);
    b.Output(b.Operator(kernels::OpKind::kRelu, {x}, ReluAttributes{}, {2, 5, 7}, 0.04f, -128));
    cases.push_back({"relu on rank 3", b.Build()});
  }
  {
    // int16: computed per element (no table), rescaled to another output scale.
    GraphBuilder b("relu int16 rescaled", 211);
    const int32_t x = b.Input("x", {3, 4, 6}, DataType::kInt16, 0.0003f, 0);
    b.Output(b.Operator(kernels::OpKind::kRelu, {x}, ReluAttributes{}, {3, 4, 6}, DataType::kInt16,
                        0.0002f, 0));
    cases.push_back({"relu int16 rescaled", b.Build()});
  }
  {
    GraphBuilder b("relu on a 1x12x12x8 image", 170);
    const int32_t x = b.Input("x", {1, 12, 12, 8}, 0.05f, -20);
    b.Output(
        b.Operator(kernels::OpKind::kRelu, {x}, ReluAttributes{}, {1, 12, 12, 8}, 0.04f, -128));
    cases.push_back({"relu on a 1x12x12x8 image", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
