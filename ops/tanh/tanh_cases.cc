// tanh's test cases: small graphs whose last operator is a tanh, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> TanhCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("tanh on rank 3", 21);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.04f, -7);
    b.Output(b.Operator(kernels::OpKind::kTanh, {x}, TanhAttributes{}, {2, 5, 7}, 1.0f / 128, 0));
    cases.push_back({"tanh on rank 3", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
