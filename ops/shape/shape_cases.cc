// shape's test cases: small graphs whose last operator is a shape, of ranks 1 to 5
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> ShapeCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, uint32_t seed, std::vector<int32_t> shape) {
    GraphBuilder b(name, seed);
    const int32_t rank = static_cast<int32_t>(shape.size());
    const int32_t x = b.Input("x", std::move(shape), 0.1f, 0);
    b.Output(b.Operator(kernels::OpKind::kShape, {x}, ShapeAttributes{}, {rank}, DataType::kInt32));
    cases.push_back({name, b.Build()});
  };
  add("shape vector", 131, {6});
  add("shape rank 3", 132, {5, 5, 10});
  add("shape rank 5", 133, {2, 1, 3, 2, 4});
  return cases;
}

}  // namespace arenastore::planner
