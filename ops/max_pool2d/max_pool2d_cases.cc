// max_pool2d's test cases: small graphs whose last operator is a max_pool2d, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> MaxPool2dCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("max_pool2d valid 2x2 stride 2", 10);
    const int32_t x = b.Input("x", {2, 8, 8, 5}, 0.05f, 7);
    b.Output(b.MaxPool2d(x, 2, 2, 2, Padding::kValid));
    cases.push_back({"max_pool2d valid 2x2 stride 2", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
