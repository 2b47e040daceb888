// abs's test cases: small graphs whose last operator is a abs, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> AbsCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("abs on rank 3", 24);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.05f, -3);
    b.Output(b.Operator(kernels::OpKind::kAbs, {x}, AbsAttributes{}, {2, 5, 7}, 0.03f, -128));
    cases.push_back({"abs on rank 3", b.Build()});
  }
  {
    GraphBuilder b("abs int16 rescaled", 25);
    const int32_t x = b.Input("x", {3, 4, 5}, DataType::kInt16, 1.4e-4f, 0);
    b.Output(b.Operator(kernels::OpKind::kAbs, {x}, AbsAttributes{}, {3, 4, 5}, DataType::kInt16,
                        1e-4f, 0));
    cases.push_back({"abs int16 rescaled", b.Build()});
  }
  {
    GraphBuilder b("abs int16 one scale", 26);
    const int32_t x = b.Input("x", {2, 9}, DataType::kInt16, 7e-5f, 0);
    b.Output(b.Operator(kernels::OpKind::kAbs, {x}, AbsAttributes{}, {2, 9}, DataType::kInt16,
                        7e-5f, 0));
    cases.push_back({"abs int16 one scale", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
