// pad's test cases: small graphs whose last operator is a pad, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> PadCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("pad rank 4", 15);
    const int32_t x = b.Input("x", {1, 3, 4, 2}, 0.1f, 5);
    b.Output(b.Pad(x, {0, 1, 2, 0}, {0, 2, 0, 1}));
    cases.push_back({"pad rank 4", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
