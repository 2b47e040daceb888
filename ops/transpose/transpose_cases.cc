// transpose's test cases: small graphs whose last operator is a transpose, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> TransposeCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, std::vector<int32_t> perm) {
    GraphBuilder b(name, 22);
    const int32_t x = b.Input("x", shape, 0.1f, 5);
    std::vector<int32_t> out_shape;
    for (int32_t d : perm) out_shape.push_back(shape[d]);
    b.Output(b.Operator(kernels::OpKind::kTranspose, {x}, TransposeAttributes{perm}, out_shape,
                        0.1f, 5));
    cases.push_back({name, b.Build()});
  };
  add("transpose rank 2", {5, 7}, {1, 0});
  add("transpose nhwc to nchw", {2, 3, 4, 5}, {0, 3, 1, 2});
  add("transpose rank 6", {2, 1, 3, 2, 2, 3}, {5, 3, 0, 4, 2, 1});
  add("transpose identity rank 3", {3, 1, 4}, {0, 1, 2});
  return cases;
}

}  // namespace arenastore::planner
