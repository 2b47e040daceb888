// batch_matmul's test cases: small graphs whose last operator is a batch_matmul, covering its
// options (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> BatchMatmulCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("batch_matmul broadcast adj_y", 6);
    const int32_t lhs = b.Input("lhs", {2, 3, 5, 7}, 0.05f, 1);
    const int32_t rhs = b.Input("rhs", {3, 4, 7}, 0.05f, -1);
    b.Output(b.BatchMatmul(lhs, rhs, false, true));
    cases.push_back({"batch_matmul broadcast adj_y", b.Build()});
  }
  {
    GraphBuilder b("batch_matmul adj_x", 7);
    const int32_t lhs = b.Input("lhs", {6, 5}, 0.05f, 1);
    const int32_t rhs = b.Input("rhs", {6, 9}, 0.05f, -1);
    b.Output(b.BatchMatmul(lhs, rhs, true, false));
    cases.push_back({"batch_matmul adj_x", b.Build()});
  }
  {
    GraphBuilder b("batch_matmul 16x8 broadcast", 28);
    const int32_t lhs = b.Input("lhs", {2, 4, 6}, DataType::kInt16, 1.0f / 4096, 0);
    const int32_t rhs = b.Input("rhs", {6, 3}, DataType::kInt16, 1.0f / 2048, 0);
    b.Output(b.BatchMatmul(lhs, rhs, false, false));
    cases.push_back({"batch_matmul 16x8 broadcast", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
