// strided_slice's test cases: small graphs whose last operator is a strided_slice, covering its
// options (forward and backward strides, a shrunk axis, a crop whose rows are stride-1 runs off
// the vector widths, a rank-5 walk) (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> StridedSliceCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, std::vector<int32_t> begin,
                       std::vector<int32_t> stride, std::vector<int32_t> count,
                       std::vector<int32_t> out_shape) {
    GraphBuilder b(name, 23);
    const int32_t x = b.Input("x", shape, 0.05f, -3);
    StridedSliceAttributes a;
    a.begin = begin;
    a.stride = stride;
    a.count = count;
    b.Output(b.Operator(kernels::OpKind::kStridedSlice, {x}, a, out_shape, 0.05f, -3));
    cases.push_back({name, b.Build()});
  };
  add("strided_slice rank 4 stride 2", {1, 6, 7, 3}, {0, 1, 0, 0}, {1, 2, 3, 1}, {1, 3, 3, 3},
      {1, 3, 3, 3});
  add("strided_slice backwards", {4, 9}, {3, 8}, {-1, -2}, {4, 5}, {4, 5});
  add("strided_slice shrunk axis", {5, 6, 4}, {2, 0, 1}, {1, 1, 2}, {1, 6, 2}, {6, 2});
  add("strided_slice crop with 33-byte rows", {1, 10, 12, 40}, {0, 2, 1, 3}, {1, 1, 2, 1},
      {1, 6, 5, 33}, {1, 6, 5, 33});
  add("strided_slice rank 5", {2, 3, 2, 3, 4}, {1, 0, 1, 2, 3}, {1, 2, 1, -1, -3}, {1, 2, 1, 2, 2},
      {1, 2, 1, 2, 2});
  return cases;
}

}  // namespace arenastore::planner
