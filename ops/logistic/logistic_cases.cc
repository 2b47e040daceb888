// logistic's test cases: small graphs whose last operator is a logistic, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> LogisticCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("logistic on rank 3", 20);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.06f, 4);
    b.Output(b.Operator(kernels::OpKind::kLogistic, {x}, LogisticAttributes{}, {2, 5, 7},
                        1.0f / 256, -128));
    cases.push_back({"logistic on rank 3", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
