// squared_difference's test cases: small graphs whose last operator is a squared_difference,
// covering its shapes (same shape, either input broadcast, a constant operand)
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SquaredDifferenceCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("squared_difference same shape", 41);
    const int32_t x = b.Input("x", {2, 3, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {2, 3, 8}, 0.08f, -4);
    b.Output(b.Operator(kernels::OpKind::kSquaredDifference, {x, y}, SquaredDifferenceAttributes{},
                        {2, 3, 8}, 0.2f, -128));
    cases.push_back({"squared_difference same shape", b.Build()});
  }
  {
    GraphBuilder b("squared_difference broadcast both", 42);
    const int32_t x = b.Input("x", {4, 1, 5}, 0.03f, -10);
    const int32_t y = b.Input("y", {1, 3, 1}, 0.02f, 7);
    b.Output(b.Operator(kernels::OpKind::kSquaredDifference, {x, y}, SquaredDifferenceAttributes{},
                        {4, 3, 5}, 0.05f, -120));
    cases.push_back({"squared_difference broadcast both", b.Build()});
  }
  {
    GraphBuilder b("squared_difference constant scalar", 43);
    const int32_t x = b.Input("x", {1, 6, 6, 2}, 0.1f, 0);
    const int32_t y = b.ConstantInt8("y", {1}, 0.1f, 0);
    b.Output(b.Operator(kernels::OpKind::kSquaredDifference, {x, y}, SquaredDifferenceAttributes{},
                        {1, 6, 6, 2}, 1.5f, -128));
    cases.push_back({"squared_difference constant scalar", b.Build()});
  }
  {
    GraphBuilder b("squared_difference int16 broadcast", 44);
    const int32_t x = b.Input("x", {3, 1, 7}, DataType::kInt16, 1.4e-4f, 0);
    const int32_t y = b.Input("y", {7}, DataType::kInt16, 6e-5f, 0);
    b.Output(b.Operator(kernels::OpKind::kSquaredDifference, {x, y}, SquaredDifferenceAttributes{},
                        {3, 1, 7}, DataType::kInt16, 1.5e-3f, 0));
    cases.push_back({"squared_difference int16 broadcast", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
