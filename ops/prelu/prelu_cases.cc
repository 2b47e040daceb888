// prelu's test cases: small graphs whose last operator is a prelu, covering alpha's shapes (one
// value, per channel, a full broadcast block) (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> PreluCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("prelu scalar alpha", 81);
    const int32_t x = b.Input("x", {1, 3, 3, 10}, 0.05f, 3);
    const int32_t alpha = b.ConstantInt8("alpha", {1, 1, 1}, 0.004f, -2);
    b.Output(b.Operator(kernels::OpKind::kPrelu, {x, alpha}, PreluAttributes{}, {1, 3, 3, 10},
                        0.04f, -20));
    cases.push_back({"prelu scalar alpha", b.Build()});
  }
  {
    GraphBuilder b("prelu per-channel alpha", 82);
    const int32_t x = b.Input("x", {2, 4, 4, 6}, 0.1f, -10);
    const int32_t alpha = b.ConstantInt8("alpha", {1, 1, 6}, 0.01f, 0);
    b.Output(
        b.Operator(kernels::OpKind::kPrelu, {x, alpha}, PreluAttributes{}, {2, 4, 4, 6}, 0.15f, 5));
    cases.push_back({"prelu per-channel alpha", b.Build()});
  }
  {
    GraphBuilder b("prelu alpha block, output scale below input", 83);
    const int32_t x = b.Input("x", {1, 5, 7, 3}, 0.2f, 0);
    const int32_t alpha = b.ConstantInt8("alpha", {5, 1, 3}, 0.008f, 12);
    b.Output(b.Operator(kernels::OpKind::kPrelu, {x, alpha}, PreluAttributes{}, {1, 5, 7, 3}, 0.05f,
                        -30));
    cases.push_back({"prelu alpha block, output scale below input", b.Build()});
  }
  {
    GraphBuilder b("prelu int16 input, int8 alpha per channel", 84);
    const int32_t x = b.Input("x", {1, 4, 6, 2}, DataType::kInt16, 2.7e-4f, 0);
    const int32_t alpha = b.ConstantInt8("alpha", {1, 1, 2}, 0.0016f, 37);
    b.Output(b.Operator(kernels::OpKind::kPrelu, {x, alpha}, PreluAttributes{}, {1, 4, 6, 2},
                        DataType::kInt16, 3e-4f, 0));
    cases.push_back({"prelu int16 input, int8 alpha per channel", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
