// maximum's test cases: small graphs whose last operator is a maximum, covering its shapes
// (same shape, either input broadcast, a constant operand) (tests/ops/op_case.h). Test support,
// host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> MaximumCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("maximum same shape", 51);
    const int32_t x = b.Input("x", {2, 3, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {2, 3, 8}, 0.05f, 3);
    b.Output(
        b.Operator(kernels::OpKind::kMaximum, {x, y}, MaximumAttributes{}, {2, 3, 8}, 0.05f, 3));
    cases.push_back({"maximum same shape", b.Build()});
  }
  {
    GraphBuilder b("maximum broadcast both", 52);
    const int32_t x = b.Input("x", {4, 1, 2}, 0.02f, -5);
    const int32_t y = b.Input("y", {1, 7, 1}, 0.02f, -5);
    b.Output(
        b.Operator(kernels::OpKind::kMaximum, {x, y}, MaximumAttributes{}, {4, 7, 2}, 0.02f, -5));
    cases.push_back({"maximum broadcast both", b.Build()});
  }
  {
    GraphBuilder b("maximum constant row", 53);
    const int32_t x = b.Input("x", {5, 6}, 0.1f, 0);
    const int32_t y = b.ConstantInt8("y", {1, 6}, 0.1f, 0);
    b.Output(b.Operator(kernels::OpKind::kMaximum, {x, y}, MaximumAttributes{}, {5, 6}, 0.1f, 0));
    cases.push_back({"maximum constant row", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
