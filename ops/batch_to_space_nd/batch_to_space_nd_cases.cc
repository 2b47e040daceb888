// batch_to_space_nd's test cases: small graphs whose last operator is a batch_to_space_nd,
// covering its options (2-D blocks with and without crops, a rank-3 input)
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> BatchToSpaceNdCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, std::vector<int32_t> block,
                       std::vector<int32_t> before, std::vector<int32_t> after,
                       std::vector<int32_t> out) {
    GraphBuilder b(name, 29);
    const int32_t x = b.Input("x", shape, 0.08f, -20);
    BatchToSpaceNdAttributes a;
    a.block_shape = block;
    a.before = before;
    a.after = after;
    b.Output(b.Operator(kernels::OpKind::kBatchToSpaceNd, {x}, a, out, 0.08f, -20));
    cases.push_back({name, b.Build()});
  };
  add("batch_to_space_nd block 2x2", {8, 2, 3, 3}, {2, 2}, {0, 0}, {0, 0}, {2, 4, 6, 3});
  add("batch_to_space_nd crops", {12, 3, 2, 2}, {3, 2}, {2, 1}, {1, 0}, {2, 6, 3, 2});
  add("batch_to_space_nd rank 3", {6, 3, 4}, {3}, {1}, {2}, {2, 6, 4});
  return cases;
}

}  // namespace arenastore::planner
