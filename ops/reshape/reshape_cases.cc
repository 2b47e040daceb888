// reshape's test cases: small graphs whose last operator is a reshape, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> ReshapeCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("reshape to rank 2", 14);
    const int32_t x = b.Input("x", {1, 4, 4, 3}, 0.1f, 5);
    b.Output(b.Reshape(x, {4, 12}));
    cases.push_back({"reshape to rank 2", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
