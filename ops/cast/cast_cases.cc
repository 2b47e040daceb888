// cast's test cases: small graphs whose last operator casts int8 or int16 to every output type
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> CastCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, uint32_t seed, DataType from, DataType to,
                       std::vector<int32_t> shape) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("x", shape, from);
    b.Output(b.Operator(kernels::OpKind::kCast, {x}, CastAttributes{}, std::move(shape), to));
    cases.push_back({name, b.Build()});
  };
  add("cast int8 to int32", 171, DataType::kInt8, DataType::kInt32, {3, 5});
  add("cast int8 to float32", 172, DataType::kInt8, DataType::kFloat32, {2, 3, 4});
  add("cast int8 to int16", 173, DataType::kInt8, DataType::kInt16, {11});
  add("cast int16 to int8", 174, DataType::kInt16, DataType::kInt8, {2, 2, 3, 2});
  add("cast int32 to float32", 175, DataType::kInt32, DataType::kFloat32, {9});
  return cases;
}

}  // namespace arenastore::planner
