// softmax's test cases: small graphs whose last operator is a softmax, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SoftmaxCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("softmax beta 1", 13);
    const int32_t x = b.Input("x", {3, 10}, 0.1f, 5);
    b.Output(b.Softmax(x));
    cases.push_back({"softmax beta 1", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
