// dynamic_update_slice's test cases: small graphs whose last operator is a dynamic_update_slice,
// covering an inner window, starts TFLM clamps (negative, past the end), an update as large as
// the operand and rank 1 (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> DynamicUpdateSliceCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, uint32_t seed, std::vector<int32_t> shape,
                       std::vector<int32_t> update_shape, std::vector<int32_t> start) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("operand", shape, 0.1f, 4);
    const int32_t u = b.Input("update", std::move(update_shape), 0.1f, 4);
    DynamicUpdateSliceAttributes a;
    a.start = std::move(start);
    b.Output(b.Operator(kernels::OpKind::kDynamicUpdateSlice, {x, u}, a, shape, 0.1f, 4));
    cases.push_back({name, b.Build()});
  };
  add("dynamic_update_slice inner window", 101, {4, 5, 6}, {2, 3, 4}, {1, 1, 2});
  add("dynamic_update_slice clamped starts", 102, {3, 7, 2}, {2, 4, 1}, {-5, 9, 1});
  add("dynamic_update_slice whole operand", 103, {3, 4}, {3, 4}, {2, -1});
  add("dynamic_update_slice rank 1", 105, {9}, {4}, {3});
  return cases;
}

}  // namespace arenastore::planner
