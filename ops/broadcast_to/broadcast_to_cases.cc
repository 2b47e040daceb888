// broadcast_to's test cases: small graphs whose last operator is a broadcast_to, covering its
// shapes (a repeated inner dimension, added leading dimensions, several repeats)
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> BroadcastToCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, std::vector<int32_t> out) {
    GraphBuilder b(name, 28);
    const int32_t x = b.Input("x", shape, 0.06f, 1);
    b.Output(
        b.Operator(kernels::OpKind::kBroadcastTo, {x}, BroadcastToAttributes{}, out, 0.06f, 1));
    cases.push_back({name, b.Build()});
  };
  add("broadcast_to inner", {5, 4, 1}, {5, 4, 6});
  add("broadcast_to leading", {3}, {2, 4, 3});
  add("broadcast_to several", {1, 4, 1, 1}, {5, 4, 4, 4});
  return cases;
}

}  // namespace arenastore::planner
