// div's test cases: small graphs whose last operator is a div, covering its options (every
// fused activation, broadcasting either input, a constant divisor, a divisor of either sign)
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> DivCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("div same shape", 151);
    const int32_t x = b.Input("x", {2, 3, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {2, 3, 8}, 0.08f, -4);
    b.Output(b.Operator(kernels::OpKind::kDiv, {x, y},
                        DivAttributes{{.activation = Activation::NONE}}, {2, 3, 8}, 0.1f, 2));
    cases.push_back({"div same shape", b.Build()});
  }
  {
    GraphBuilder b("div broadcast input2 relu", 152);
    const int32_t x = b.Input("x", {1, 4, 4, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {1, 1, 4, 8}, 0.02f, -128);
    b.Output(b.Operator(kernels::OpKind::kDiv, {x, y},
                        DivAttributes{{.activation = Activation::RELU}}, {1, 4, 4, 8}, 0.06f,
                        -128));
    cases.push_back({"div broadcast input2 relu", b.Build()});
  }
  {
    GraphBuilder b("div broadcast input1 relu6", 153);
    const int32_t x = b.Input("x", {5, 1}, 0.04f, 0);
    const int32_t y = b.Input("y", {3, 1, 6}, 0.03f, 10);
    b.Output(b.Operator(kernels::OpKind::kDiv, {x, y},
                        DivAttributes{{.activation = Activation::RELU6}}, {3, 5, 6}, 0.05f, -100));
    cases.push_back({"div broadcast input1 relu6", b.Build()});
  }
  {
    GraphBuilder b("div constant relu_n1_to_1", 154);
    const int32_t x = b.Input("x", {4, 6}, 0.02f, -7);
    const int32_t y = b.ConstantInt8("y", {6}, 0.5f, -100);
    b.Output(b.Operator(kernels::OpKind::kDiv, {x, y},
                        DivAttributes{{.activation = Activation::RELU_N1_TO_1}}, {4, 6}, 0.01f, 0));
    cases.push_back({"div constant relu_n1_to_1", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
