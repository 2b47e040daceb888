// slice's test cases: small graphs whose last operator is a slice, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SliceCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, std::vector<int32_t> shape, std::vector<int32_t> begin,
                       std::vector<int32_t> count) {
    GraphBuilder b(name, 24);
    const int32_t x = b.Input("x", shape, 0.02f, 7);
    SliceAttributes a;
    a.begin = begin;
    a.stride = std::vector<int32_t>(shape.size(), 1);
    a.count = count;
    b.Output(b.Operator(kernels::OpKind::kSlice, {x}, a, count, 0.02f, 7));
    cases.push_back({name, b.Build()});
  };
  add("slice rank 4", {2, 6, 5, 3}, {1, 1, 2, 0}, {1, 4, 3, 3});
  add("slice rank 1", {9}, {3}, {5});
  add("slice whole rows", {4, 8}, {1, 0}, {2, 8});
  return cases;
}

}  // namespace arenastore::planner
