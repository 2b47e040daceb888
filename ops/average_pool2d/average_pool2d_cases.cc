// average_pool2d's test cases: small graphs whose last operator is a average_pool2d, covering its
// options (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> AveragePool2dCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("average_pool2d same 3x3 stride 2", 9);
    const int32_t x = b.Input("x", {1, 9, 9, 12}, 0.05f, -3);
    b.Output(b.AveragePool2d(x, 3, 3, 2, Padding::kSame));
    cases.push_back({"average_pool2d same 3x3 stride 2", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
