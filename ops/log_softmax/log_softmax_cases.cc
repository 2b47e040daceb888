// log_softmax's test cases: small graphs whose last operator is a log_softmax, covering rows of
// one element, short and long rows, and coarse and fine input scales (tests/ops/op_case.h). Test
// support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> LogSoftmaxCases() {
  std::vector<OpCase> cases;
  struct Variant {
    const char* name;
    std::vector<int32_t> shape;
    float input_scale;
    int32_t input_zero_point;
  };
  const Variant variants[] = {
      {"log_softmax 4x8", {4, 8}, 0.1f, 3},
      {"log_softmax 3x5x1", {3, 5, 1}, 0.05f, -10},
      {"log_softmax 2x300 fine scale", {2, 300}, 0.01f, 0},
      {"log_softmax 6x12 coarse scale", {6, 12}, 0.5f, -128},
  };
  int32_t seed = 171;
  for (const Variant& v : variants) {
    GraphBuilder b(v.name, seed++);
    const int32_t x = b.Input("x", v.shape, v.input_scale, v.input_zero_point);
    b.Output(b.Operator(kernels::OpKind::kLogSoftmax, {x}, LogSoftmaxAttributes{}, v.shape,
                        16.0f / 256.0f, 127));
    cases.push_back({v.name, b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
