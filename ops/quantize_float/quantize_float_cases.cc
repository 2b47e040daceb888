// quantize_float's test cases: small graphs whose last operator quantizes a float32 input to
// int8 or int16 (tests/ops/op_case.h). The contract tests feed random bytes, so NaNs,
// infinities and huge values are exercised too. Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> QuantizeFloatCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, uint32_t seed, DataType type, std::vector<int32_t> shape,
                       float scale, int32_t zero_point) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("x", shape, DataType::kFloat32);
    b.Output(b.Operator(kernels::OpKind::kQuantizeFloat, {x}, QuantizeFloatAttributes{},
                        std::move(shape), type, scale, zero_point));
    cases.push_back({name, b.Build()});
  };
  add("quantize_float to int8 vector", 151, DataType::kInt8, {19}, 0.02f, 5);
  add("quantize_float to int8 rank 4", 152, DataType::kInt8, {2, 3, 2, 5}, 0.5f, -128);
  add("quantize_float to int16 rank 3", 153, DataType::kInt16, {4, 3, 5}, 0.001f, 0);
  return cases;
}

}  // namespace arenastore::planner
