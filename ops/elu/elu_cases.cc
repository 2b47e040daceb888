// elu's test cases: small graphs whose last operator is a elu, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> EluCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("elu on rank 3", 23);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.05f, 30);
    b.Output(b.Operator(kernels::OpKind::kElu, {x}, EluAttributes{}, {2, 5, 7}, 0.04f, 20));
    cases.push_back({"elu on rank 3", b.Build()});
  }
  {
    GraphBuilder b("elu one element", 230);
    const int32_t x = b.Input("x", {1}, 0.05f, 30);
    b.Output(b.Operator(kernels::OpKind::kElu, {x}, EluAttributes{}, {1}, 0.04f, 20));
    cases.push_back({"elu one element", b.Build()});
  }
  {
    GraphBuilder b("elu on a 1x12x12x8 image", 231);
    const int32_t x = b.Input("x", {1, 12, 12, 8}, 0.05f, 30);
    b.Output(b.Operator(kernels::OpKind::kElu, {x}, EluAttributes{}, {1, 12, 12, 8}, 0.04f, 20));
    cases.push_back({"elu on a 1x12x12x8 image", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
