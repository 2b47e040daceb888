// add_n's test cases: small graphs whose last operator is an add_n, covering its input count
// (the fewest, several, a zero point other than 0 on either side) (tests/ops/op_case.h). Test
// support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> AddNCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("add_n of two", 141);
    const int32_t x = b.Input("x", {2, 3, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {2, 3, 8}, 0.05f, 3);
    b.Output(b.Operator(kernels::OpKind::kAddN, {x, y}, AddNAttributes{}, {2, 3, 8}, 0.1f, -2));
    cases.push_back({"add_n of two", b.Build()});
  }
  {
    GraphBuilder b("add_n of five", 142);
    std::vector<int32_t> inputs;
    for (const char* name : {"a", "b", "c", "d", "e"}) {
      inputs.push_back(b.Input(name, {4, 7}, 0.02f, -20));
    }
    b.Output(b.Operator(kernels::OpKind::kAddN, inputs, AddNAttributes{}, {4, 7}, 0.07f, 10));
    cases.push_back({"add_n of five", b.Build()});
  }
  {
    GraphBuilder b("add_n of three saturating", 143);
    std::vector<int32_t> inputs;
    for (const char* name : {"a", "b", "c"}) inputs.push_back(b.Input(name, {33}, 0.1f, 0));
    b.Output(b.Operator(kernels::OpKind::kAddN, inputs, AddNAttributes{}, {33}, 0.1f, 0));
    cases.push_back({"add_n of three saturating", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
