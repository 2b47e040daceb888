// pack's test cases: small graphs whose last operator is a pack, covering its axis (first,
// middle, last as a negative index) (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> PackCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("pack axis 0 of four", 91);
    std::vector<int32_t> inputs;
    for (const char* name : {"a", "b", "c", "d"}) inputs.push_back(b.Input(name, {5}, 0.1f, 2));
    b.Output(
        b.Operator(kernels::OpKind::kPack, inputs, PackAttributes{{.axis = 0}}, {4, 5}, 0.1f, 2));
    cases.push_back({"pack axis 0 of four", b.Build()});
  }
  {
    GraphBuilder b("pack axis 1 of two", 92);
    const int32_t x = b.Input("x", {7, 3, 2}, 0.05f, -3);
    const int32_t y = b.Input("y", {7, 3, 2}, 0.05f, -3);
    b.Output(b.Operator(kernels::OpKind::kPack, {x, y}, PackAttributes{{.axis = 1}}, {7, 2, 3, 2},
                        0.05f, -3));
    cases.push_back({"pack axis 1 of two", b.Build()});
  }
  {
    GraphBuilder b("pack axis -1 of three", 93);
    const int32_t x = b.Input("x", {2, 4}, 0.02f, 0);
    const int32_t y = b.Input("y", {2, 4}, 0.02f, 0);
    const int32_t z = b.Input("z", {2, 4}, 0.02f, 0);
    b.Output(b.Operator(kernels::OpKind::kPack, {x, y, z}, PackAttributes{{.axis = -1}}, {2, 4, 3},
                        0.02f, 0));
    cases.push_back({"pack axis -1 of three", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
