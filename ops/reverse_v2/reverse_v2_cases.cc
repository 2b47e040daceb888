// reverse_v2's test cases: small graphs whose last operator is a reverse_v2, covering its
// options (one axis, the last axis, contiguous axes) (tests/ops/op_case.h). Test support,
// host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> ReverseV2Cases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, std::vector<bool> reversed) {
    GraphBuilder b(name, 25);
    const int32_t x = b.Input("x", shape, 0.03f, -11);
    ReverseV2Attributes a;
    for (size_t d = 0; d < shape.size(); ++d) {
      a.begin.push_back(reversed[d] ? shape[d] - 1 : 0);
      a.stride.push_back(reversed[d] ? -1 : 1);
      a.count.push_back(shape[d]);
    }
    b.Output(b.Operator(kernels::OpKind::kReverseV2, {x}, a, shape, 0.03f, -11));
    cases.push_back({name, b.Build()});
  };
  add("reverse_v2 axis 0", {4, 3, 2}, {true, false, false});
  add("reverse_v2 last axis", {2, 5, 7}, {false, false, true});
  add("reverse_v2 axes 1 and 2", {2, 3, 4, 5}, {false, true, true, false});
  return cases;
}

}  // namespace arenastore::planner
