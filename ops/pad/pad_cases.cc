// pad's test cases: small graphs whose last operator is a pad, covering its options (the
// zero-point fill, and PADV2's fill value other than the zero point) (tests/ops/op_case.h).
// Test support, host-only.
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
  {
    GraphBuilder b("pad rank 3 with value -100", 16);
    const int32_t x = b.Input("x", {3, 4, 2}, 0.1f, 5);
    PadAttributes a;
    a.before = {1, 0, 2};
    a.after = {2, 1, 0};
    a.pad_value = -100;
    b.Output(b.Operator(kernels::OpKind::kPad, {x}, a, {6, 5, 4}, 0.1f, 5));
    cases.push_back({"pad rank 3 with value -100", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
