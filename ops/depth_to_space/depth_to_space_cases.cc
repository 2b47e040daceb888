// depth_to_space's test cases: small graphs whose last operator is a depth_to_space, covering
// its options (block 2 and 3, batches) (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> DepthToSpaceCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, int32_t block) {
    GraphBuilder b(name, 27);
    const int32_t x = b.Input("x", shape, 0.04f, 2);
    DepthToSpaceAttributes a;
    a.block_size = block;
    const std::vector<int32_t> out = {shape[0], shape[1] * block, shape[2] * block,
                                      shape[3] / (block * block)};
    b.Output(b.Operator(kernels::OpKind::kDepthToSpace, {x}, a, out, 0.04f, 2));
    cases.push_back({name, b.Build()});
  };
  add("depth_to_space block 2", {1, 2, 3, 12}, 2);
  add("depth_to_space block 3 batch 2", {2, 1, 3, 18}, 3);
  add("depth_to_space block 4 on 2x2", {1, 2, 2, 48}, 4);
  return cases;
}

}  // namespace arenastore::planner
