// mul's test cases: small graphs whose last operator is a mul, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> MulCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("mul broadcast", 12);
    const int32_t x = b.Input("x", {2, 3, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {8}, 0.08f, -4);
    b.Output(b.Mul(x, y, Activation::NONE));
    cases.push_back({"mul broadcast", b.Build()});
  }
  {
    GraphBuilder b("mul int16 broadcast", 12);
    const int32_t x = b.Input("x", {4, 1, 6}, DataType::kInt16, 6e-5f, 0);
    const int32_t y = b.Input("y", {3, 6}, DataType::kInt16, 1.6e-4f, 0);
    b.Output(b.Operator(kernels::OpKind::kMul, {x, y},
                        MulAttributes{{.activation = Activation::NONE}}, {4, 3, 6},
                        DataType::kInt16, 1.5e-4f, 0));
    cases.push_back({"mul int16 broadcast", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
