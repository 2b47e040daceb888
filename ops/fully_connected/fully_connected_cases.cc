// fully_connected's test cases: small graphs whose last operator is a fully_connected, covering its
// options (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> FullyConnectedCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("fully_connected relu", 5);
    const int32_t x = b.Input("x", {3, 40}, 0.05f, -2);
    b.Output(b.FullyConnected(x, 12, Activation::RELU));
    cases.push_back({"fully_connected relu", b.Build()});
  }
  {
    GraphBuilder b("fully_connected 16x8", 26);
    const int32_t x = b.Input("x", {2, 24}, DataType::kInt16, 1.0f / 4096, 0);
    b.Output(b.FullyConnected(x, 7, Activation::NONE));
    cases.push_back({"fully_connected 16x8", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
