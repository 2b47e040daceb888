// minimum's test cases: small graphs whose last operator is a minimum, covering its shapes
// (same shape, either input broadcast, a constant operand) (tests/ops/op_case.h). Test support,
// host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> MinimumCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("minimum same shape", 61);
    const int32_t x = b.Input("x", {2, 3, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {2, 3, 8}, 0.05f, 3);
    b.Output(
        b.Operator(kernels::OpKind::kMinimum, {x, y}, MinimumAttributes{}, {2, 3, 8}, 0.05f, 3));
    cases.push_back({"minimum same shape", b.Build()});
  }
  {
    GraphBuilder b("minimum broadcast both", 62);
    const int32_t x = b.Input("x", {4, 1, 2}, 0.02f, -5);
    const int32_t y = b.Input("y", {1, 7, 1}, 0.02f, -5);
    b.Output(
        b.Operator(kernels::OpKind::kMinimum, {x, y}, MinimumAttributes{}, {4, 7, 2}, 0.02f, -5));
    cases.push_back({"minimum broadcast both", b.Build()});
  }
  {
    GraphBuilder b("minimum constant row", 63);
    const int32_t x = b.Input("x", {5, 6}, 0.1f, 0);
    const int32_t y = b.ConstantInt8("y", {1, 6}, 0.1f, 0);
    b.Output(b.Operator(kernels::OpKind::kMinimum, {x, y}, MinimumAttributes{}, {5, 6}, 0.1f, 0));
    cases.push_back({"minimum constant row", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
