// space_to_depth's test cases: small graphs whose last operator is a space_to_depth, covering
// its options (block 2 and 3, batches) (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SpaceToDepthCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, int32_t block) {
    GraphBuilder b(name, 26);
    const int32_t x = b.Input("x", shape, 0.04f, 2);
    SpaceToDepthAttributes a;
    a.block_size = block;
    const std::vector<int32_t> out = {shape[0], shape[1] / block, shape[2] / block,
                                      shape[3] * block * block};
    b.Output(b.Operator(kernels::OpKind::kSpaceToDepth, {x}, a, out, 0.04f, 2));
    cases.push_back({name, b.Build()});
  };
  add("space_to_depth block 2", {1, 4, 6, 3}, 2);
  add("space_to_depth block 3 batch 2", {2, 3, 9, 2}, 3);
  add("space_to_depth block 4 on 8x8", {1, 8, 8, 3}, 4);
  return cases;
}

}  // namespace arenastore::planner
