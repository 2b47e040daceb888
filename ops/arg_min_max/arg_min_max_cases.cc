// arg_min_max's test cases: small graphs whose last operator is an arg_min_max, covering both
// kinds, first, middle, last and negative axes, and a rank-1 input reduced to a scalar
// (tests/ops/op_case.h). Test support, host-only.
#include "ops/arg_min_max/arg_min_max.h"
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> ArgMinMaxCases() {
  using K = kernels::ArgMinMaxKind;
  std::vector<OpCase> cases;
  auto add = [&](const char* name, uint32_t seed, K kind, std::vector<int32_t> shape, int32_t axis,
                 std::vector<int32_t> output_shape) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("x", std::move(shape), 0.05f, 2);
    b.Output(b.Operator(kernels::OpKind::kArgMinMax, {x},
                        ArgMinMaxAttributes{{.kind = static_cast<int32_t>(kind), .axis = axis}},
                        std::move(output_shape), DataType::kInt32));
    cases.push_back({name, b.Build()});
  };
  add("arg_max last axis", 81, K::kArgMax, {2, 5, 7}, 2, {2, 5});
  add("arg_max first axis", 82, K::kArgMax, {8, 3, 3}, 0, {3, 3});
  add("arg_min middle axis", 83, K::kArgMin, {3, 6, 4}, 1, {3, 4});
  add("arg_min negative axis", 84, K::kArgMin, {4, 9}, -1, {4});
  add("arg_max vector to scalar", 85, K::kArgMax, {11}, 0, {});
  return cases;
}

}  // namespace arenastore::planner
