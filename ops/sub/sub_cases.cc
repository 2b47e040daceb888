// sub's test cases: small graphs whose last operator is a sub, covering its options (every fused
// activation, broadcasting either input, a constant subtrahend) (tests/ops/op_case.h). Test
// support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SubCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("sub same shape", 31);
    const int32_t x = b.Input("x", {2, 3, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {2, 3, 8}, 0.08f, -4);
    b.Output(b.Operator(kernels::OpKind::kSub, {x, y},
                        SubAttributes{{.activation = Activation::NONE}}, {2, 3, 8}, 0.1f, 2));
    cases.push_back({"sub same shape", b.Build()});
  }
  {
    GraphBuilder b("sub broadcast input2 relu", 32);
    const int32_t x = b.Input("x", {1, 4, 4, 8}, 0.05f, 3);
    const int32_t y = b.Input("y", {1, 1, 4, 8}, 0.08f, -4);
    b.Output(b.Operator(kernels::OpKind::kSub, {x, y},
                        SubAttributes{{.activation = Activation::RELU}}, {1, 4, 4, 8}, 0.06f,
                        -128));
    cases.push_back({"sub broadcast input2 relu", b.Build()});
  }
  {
    GraphBuilder b("sub broadcast input1 relu6", 33);
    const int32_t x = b.Input("x", {5, 1}, 0.04f, 0);
    const int32_t y = b.Input("y", {3, 1, 6}, 0.03f, 10);
    b.Output(b.Operator(kernels::OpKind::kSub, {x, y},
                        SubAttributes{{.activation = Activation::RELU6}}, {3, 5, 6}, 0.05f, -100));
    cases.push_back({"sub broadcast input1 relu6", b.Build()});
  }
  {
    GraphBuilder b("sub constant relu_n1_to_1", 34);
    const int32_t x = b.Input("x", {4, 6}, 0.02f, -7);
    const int32_t y = b.ConstantInt8("y", {6}, 0.01f, 5);
    b.Output(b.Operator(kernels::OpKind::kSub, {x, y},
                        SubAttributes{{.activation = Activation::RELU_N1_TO_1}}, {4, 6}, 0.01f, 0));
    cases.push_back({"sub constant relu_n1_to_1", b.Build()});
  }
  {
    GraphBuilder b("sub int16 broadcast relu6", 35);
    const int32_t x = b.Input("x", {1, 7}, DataType::kInt16, 2e-4f, 0);
    const int32_t y = b.Input("y", {4, 1, 7}, DataType::kInt16, 5e-5f, 0);
    b.Output(b.Operator(kernels::OpKind::kSub, {x, y},
                        SubAttributes{{.activation = Activation::RELU6}}, {4, 1, 7},
                        DataType::kInt16, 3e-4f, 0));
    cases.push_back({"sub int16 broadcast relu6", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
