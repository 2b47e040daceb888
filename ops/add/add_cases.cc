// add's test cases: small graphs whose last operator is a add, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> AddCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("add broadcast relu", 11);
    const int32_t x = b.Input("x", {1, 4, 4, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {1, 1, 4, 8}, 0.08f, -4);
    b.Output(b.Add(x, y, Activation::RELU));
    cases.push_back({"add broadcast relu", b.Build()});
  }
  {
    GraphBuilder b("add int16 broadcast relu", 12);
    const int32_t x = b.Input("x", {2, 3, 8}, DataType::kInt16, 3e-4f, 0);
    const int32_t y = b.Input("y", {3, 1}, DataType::kInt16, 1e-4f, 0);
    b.Output(b.Operator(kernels::OpKind::kAdd, {x, y},
                        AddAttributes{{.activation = Activation::RELU}}, {2, 3, 8},
                        DataType::kInt16, 4e-4f, 0));
    cases.push_back({"add int16 broadcast relu", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
