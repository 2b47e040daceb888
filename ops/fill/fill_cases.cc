// fill's test cases: small graphs whose last operator is a fill of a scalar value into outputs
// of several ranks (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> FillCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, uint32_t seed, std::vector<int32_t> output_shape) {
    GraphBuilder b(name, seed);
    const int32_t value = b.Input("value", {}, 0.2f, 7);
    b.Output(b.Operator(kernels::OpKind::kFill, {value}, FillAttributes{}, std::move(output_shape),
                        0.2f, 7));
    cases.push_back({name, b.Build()});
  };
  add("fill vector", 111, {13});
  add("fill rank 3", 112, {3, 5, 7});
  add("fill rank 4", 113, {2, 1, 4, 9});
  return cases;
}

}  // namespace arenastore::planner
