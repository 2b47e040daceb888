// transpose_conv2d's test cases: small graphs whose last operator is a transpose_conv2d, covering
// its options (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> TransposeConv2dCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("transpose_conv2d same stride 2", 8);
    const int32_t x = b.Input("x", {1, 5, 5, 4}, 0.05f, 2);
    b.Output(b.TransposeConv2d(x, 6, 3, 3, 2, Padding::SAME));
    cases.push_back({"transpose_conv2d same stride 2", b.Build()});
  }
  {
    GraphBuilder b("transpose_conv2d 16x8 valid stride 2 two batches", 27);
    const int32_t x = b.Input("x", {2, 3, 4, 3}, DataType::kInt16, 1.0f / 4096, 0);
    b.Output(b.TransposeConv2d(x, 5, 3, 3, 2, Padding::VALID));
    cases.push_back({"transpose_conv2d 16x8 valid stride 2 two batches", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
