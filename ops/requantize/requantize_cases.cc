// requantize's test cases: small graphs whose last operator rescales between integer types
// (int16 -> int8, int8 -> int16, int16 -> int16, int8 -> int32, int32 -> int16, int32 -> int8)
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> RequantizeCases() {
  std::vector<OpCase> cases;
  struct Side {
    DataType type;
    float scale;
    int32_t zero_point;
  };
  const auto add = [&](const char* name, uint32_t seed, std::vector<int32_t> shape, Side in,
                       Side out) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("x", shape, in.type, in.scale, in.zero_point);
    b.Output(b.Operator(kernels::OpKind::kRequantize, {x}, RequantizeAttributes{}, std::move(shape),
                        out.type, out.scale, out.zero_point));
    cases.push_back({name, b.Build()});
  };
  add("requantize int16 to int8", 161, {3, 7}, {DataType::kInt16, 0.0004f, 0},
      {DataType::kInt8, 0.05f, -7});
  add("requantize int8 to int16", 162, {2, 3, 5}, {DataType::kInt8, 0.1f, 12},
      {DataType::kInt16, 0.003f, 0});
  add("requantize int16 to int16", 163, {20}, {DataType::kInt16, 0.002f, 0},
      {DataType::kInt16, 0.0031f, 0});
  add("requantize int8 to int32", 164, {2, 2, 2, 3}, {DataType::kInt8, 0.5f, -3},
      {DataType::kInt32, 0.01f, 0});
  // An int32 accumulator-like input: a ratio below 1 (a right shift) and one above (a left shift
  // that wraps int32 for the large values random inputs hold, as TFLM's does).
  add("requantize int32 to int16", 165, {4, 9}, {DataType::kInt32, 1.5e-5f, -40},
      {DataType::kInt16, 0.02f, 0});
  add("requantize int32 to int8", 166, {3, 5}, {DataType::kInt32, 0.3f, 5},
      {DataType::kInt8, 0.07f, -11});
  return cases;
}

}  // namespace arenastore::planner
