// dequantize's test cases: small graphs whose last operator dequantizes an int8 or int16 tensor
// to float32, of several ranks and zero points (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> DequantizeCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, uint32_t seed, DataType type, std::vector<int32_t> shape,
                       float scale, int32_t zero_point) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("x", shape, type, scale, zero_point);
    b.Output(b.Operator(kernels::OpKind::kDequantize, {x}, DequantizeAttributes{}, std::move(shape),
                        DataType::kFloat32));
    cases.push_back({name, b.Build()});
  };
  add("dequantize int8 vector", 141, DataType::kInt8, {17}, 0.05f, -3);
  add("dequantize int8 rank 4", 142, DataType::kInt8, {2, 3, 4, 5}, 0.0123f, 100);
  add("dequantize int16 rank 3", 143, DataType::kInt16, {3, 4, 6}, 0.0007f, 0);
  return cases;
}

}  // namespace arenastore::planner
