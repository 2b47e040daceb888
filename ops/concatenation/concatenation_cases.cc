// concatenation's test cases: small graphs whose last operator is a concatenation, covering its
// options (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> ConcatenationCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("concatenation axis -1 of three", 16);
    const int32_t x = b.Input("x", {2, 3, 4}, 0.1f, 5);
    const int32_t y = b.Input("y", {2, 3, 1}, 0.1f, 5);
    const int32_t z = b.Input("z", {2, 3, 6}, 0.1f, 5);
    b.Output(b.Concatenation({x, y, z}, -1));
    cases.push_back({"concatenation axis -1 of three", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
