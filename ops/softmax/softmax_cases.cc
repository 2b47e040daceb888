// softmax's test cases: small graphs whose last operator is a softmax, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SoftmaxCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("softmax beta 1", 13);
    const int32_t x = b.Input("x", {3, 10}, 0.1f, 5);
    b.Output(b.Softmax(x));
    cases.push_back({"softmax beta 1", b.Build()});
  }
  {
    GraphBuilder b("softmax to int16", 14);
    const int32_t x = b.Input("x", {2, 3, 9}, 0.07f, -4);
    b.Output(b.Operator(kernels::OpKind::kSoftmax, {x}, SoftmaxAttributes{{.beta = 0.8f}},
                        {2, 3, 9}, DataType::kInt16, 1.0f / 65536.0f, -32768));
    cases.push_back({"softmax to int16", b.Build()});
  }
  {
    GraphBuilder b("softmax int16", 15);
    const int32_t x = b.Input("x", {4, 11}, DataType::kInt16, 3.0e-4f, 0);
    b.Output(b.Operator(kernels::OpKind::kSoftmax, {x}, SoftmaxAttributes{{.beta = 1.0f}}, {4, 11},
                        DataType::kInt16, 1.0f / 32768.0f, 0));
    cases.push_back({"softmax int16", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
