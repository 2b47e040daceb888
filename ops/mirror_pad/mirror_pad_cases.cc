// mirror_pad's test cases: small graphs whose last operator is a mirror_pad, covering its
// options (REFLECT and SYMMETRIC, full-size paddings, rank 1 and 4) (tests/ops/op_case.h).
// Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> MirrorPadCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, std::vector<int32_t> before,
                       std::vector<int32_t> after, bool symmetric) {
    GraphBuilder b(name, 31);
    const int32_t x = b.Input("x", shape, 0.07f, 9);
    MirrorPadAttributes a;
    a.before = before;
    a.after = after;
    a.symmetric = symmetric;
    std::vector<int32_t> out = shape;
    for (size_t d = 0; d < shape.size(); ++d) out[d] += before[d] + after[d];
    b.Output(b.Operator(kernels::OpKind::kMirrorPad, {x}, a, out, 0.07f, 9));
    cases.push_back({name, b.Build()});
  };
  add("mirror_pad reflect rank 4", {2, 4, 3, 5}, {1, 3, 0, 2}, {0, 1, 2, 4}, false);
  add("mirror_pad symmetric rank 4", {2, 3, 4, 3}, {2, 3, 0, 1}, {1, 0, 4, 3}, true);
  add("mirror_pad reflect rank 1", {6}, {5}, {2}, false);
  add("mirror_pad symmetric rank 2", {3, 2}, {3, 2}, {1, 2}, true);
  return cases;
}

}  // namespace arenastore::planner
