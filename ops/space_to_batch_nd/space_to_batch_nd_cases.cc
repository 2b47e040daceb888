// space_to_batch_nd's test cases: small graphs whose last operator is a space_to_batch_nd,
// covering its options (2-D blocks with and without padding, a rank-3 input)
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SpaceToBatchNdCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, std::vector<int32_t> block,
                       std::vector<int32_t> before, std::vector<int32_t> after,
                       std::vector<int32_t> out) {
    GraphBuilder b(name, 30);
    const int32_t x = b.Input("x", shape, 0.08f, -20);
    SpaceToBatchNdAttributes a;
    a.block_shape = block;
    a.before = before;
    a.after = after;
    b.Output(b.Operator(kernels::OpKind::kSpaceToBatchNd, {x}, a, out, 0.08f, -20));
    cases.push_back({name, b.Build()});
  };
  add("space_to_batch_nd block 3x2", {2, 6, 4, 3}, {3, 2}, {0, 0}, {0, 0}, {12, 2, 2, 3});
  add("space_to_batch_nd padding", {1, 3, 4, 2}, {3, 2}, {1, 2}, {2, 0}, {6, 2, 3, 2});
  add("space_to_batch_nd rank 3", {2, 5, 3}, {2}, {1}, {0}, {4, 3, 3});
  return cases;
}

}  // namespace arenastore::planner
