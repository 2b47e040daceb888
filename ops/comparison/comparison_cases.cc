// comparison's test cases: small graphs whose last operator is a comparison, covering every kind,
// broadcasting either input, a constant operand, equal and differing input quantization, and a
// scale below 1/256 (where TFLM's rescaling makes distinct values equal) (tests/ops/op_case.h).
// Test support, host-only.
#include "ops/comparison/comparison.h"
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> ComparisonCases() {
  using K = kernels::ComparisonKind;
  std::vector<OpCase> cases;
  auto add = [&](const char* name, uint32_t seed, K kind, std::vector<int32_t> shape1, float scale1,
                 int32_t zero_point1, std::vector<int32_t> shape2, float scale2,
                 int32_t zero_point2, bool constant2, std::vector<int32_t> output_shape) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("x", std::move(shape1), scale1, zero_point1);
    const int32_t y = constant2 ? b.ConstantInt8("y", std::move(shape2), scale2, zero_point2)
                                : b.Input("y", std::move(shape2), scale2, zero_point2);
    b.Output(b.Operator(kernels::OpKind::kComparison, {x, y},
                        ComparisonAttributes{{.kind = static_cast<int32_t>(kind)}},
                        std::move(output_shape), DataType::kBool));
    cases.push_back({name, b.Build()});
  };
  add("comparison equal same quantization", 71, K::kEqual, {2, 3, 8}, 0.05f, 3, {2, 3, 8}, 0.05f, 3,
      false, {2, 3, 8});
  add("comparison not_equal differing scales", 72, K::kNotEqual, {4, 1, 2}, 0.02f, -5, {1, 7, 1},
      0.03f, 4, false, {4, 7, 2});
  add("comparison greater constant row", 73, K::kGreater, {5, 6}, 0.1f, 0, {1, 6}, 0.07f, -2, true,
      {5, 6});
  add("comparison greater_equal scalar", 74, K::kGreaterEqual, {3, 4}, 0.04f, 10, {1}, 0.04f, 10,
      false, {3, 4});
  add("comparison less broadcast first", 75, K::kLess, {1, 5}, 0.5f, -1, {6, 1, 5}, 0.25f, 7, false,
      {6, 1, 5});
  add("comparison less_equal tiny scale", 76, K::kLessEqual, {2, 2, 3, 4}, 0.001f, 0, {2, 2, 3, 4},
      0.002f, -3, false, {2, 2, 3, 4});
  return cases;
}

}  // namespace arenastore::planner
