// select_v2's test cases: small graphs whose last operator is a select_v2, covering same shapes,
// each operand broadcast (a scalar condition, a row of x, a constant y) and all three at once
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SelectV2Cases() {
  std::vector<OpCase> cases;
  auto add = [&](const char* name, uint32_t seed, std::vector<int32_t> condition_shape,
                 std::vector<int32_t> x_shape, std::vector<int32_t> y_shape, bool constant_y,
                 std::vector<int32_t> output_shape) {
    GraphBuilder b(name, seed);
    const int32_t c = b.Input("condition", std::move(condition_shape), DataType::kBool);
    const int32_t x = b.Input("x", std::move(x_shape), 0.05f, 3);
    const int32_t y = constant_y ? b.ConstantInt8("y", std::move(y_shape), 0.05f, 3)
                                 : b.Input("y", std::move(y_shape), 0.05f, 3);
    b.Output(b.Operator(kernels::OpKind::kSelectV2, {c, x, y}, SelectV2Attributes{},
                        std::move(output_shape), 0.05f, 3));
    cases.push_back({name, b.Build()});
  };
  add("select_v2 same shape", 91, {2, 3, 8}, {2, 3, 8}, {2, 3, 8}, false, {2, 3, 8});
  add("select_v2 scalar condition", 92, {}, {4, 5}, {4, 5}, false, {4, 5});
  add("select_v2 row x constant y", 93, {6, 7, 1}, {6, 7, 7}, {1, 1, 1}, true, {6, 7, 7});
  add("select_v2 all broadcast", 94, {1, 1, 4}, {7, 1, 4}, {7, 3, 1}, false, {7, 3, 4});
  return cases;
}

}  // namespace arenastore::planner
