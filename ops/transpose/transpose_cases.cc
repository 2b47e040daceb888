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
    b.Output(b.Operator(kernels::OpKind::kTranspose, {x}, TransposeAttributes{{.perm = perm}},
                        out_shape, 0.1f, 5));
    cases.push_back({name, b.Build()});
  };
  add("transpose rank 2", {5, 7}, {1, 0});
  add("transpose nhwc to nchw", {2, 3, 4, 5}, {0, 3, 1, 2});
  add("transpose rank 6", {2, 1, 3, 2, 2, 3}, {5, 3, 0, 4, 2, 1});
  add("transpose identity rank 3", {3, 1, 4}, {0, 1, 2});
  // The x86 variants' forms and tails: 16x16 tiles with partial edges (NHWC <-> NCHW, rank-3
  // swaps), copied runs (the innermost dimension kept, identity-like perms that only move size-1
  // dimensions), and permutations walked byte by byte.
  add("transpose nhwc to nchw 1x9x7x35", {1, 9, 7, 35}, {0, 3, 1, 2});
  add("transpose nchw to nhwc 2x19x6x5", {2, 19, 6, 5}, {0, 2, 3, 1});
  add("transpose rank 3 swap 3x40x33", {3, 40, 33}, {0, 2, 1});
  add("transpose rank 2 48x80", {48, 80}, {1, 0});
  add("transpose rank 3 keeping the last 4x5x24", {4, 5, 24}, {1, 0, 2});
  add("transpose rank 4 keeping the last 2x3x4x70", {2, 3, 4, 70}, {2, 0, 1, 3});
  add("transpose identity-like 1x6x1x33", {1, 6, 1, 33}, {2, 1, 0, 3});
  add("transpose rank 5", {2, 3, 1, 4, 5}, {4, 1, 0, 3, 2});
  add("transpose rank 6 inner run", {2, 2, 1, 3, 2, 17}, {1, 0, 3, 2, 4, 5});
  add("transpose rank 1", {9}, {0});
  return cases;
}

}  // namespace arenastore::planner
