// leaky_relu's test cases: small graphs whose last operator is a leaky_relu, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> LeakyReluCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("leaky_relu on rank 3", 19);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.05f, 10);
    b.Output(b.Operator(kernels::OpKind::kLeakyRelu, {x}, LeakyReluAttributes{0.2f}, {2, 5, 7},
                        0.03f, -30));
    cases.push_back({"leaky_relu on rank 3", b.Build()});
  }
  {
    // int16: two multipliers (identity above zero, alpha below), zero points off 0.
    GraphBuilder b("leaky_relu int16 zero points", 213);
    const int32_t x = b.Input("x", {2, 3, 11}, DataType::kInt16, 0.0004f, 17);
    b.Output(b.Operator(kernels::OpKind::kLeakyRelu, {x}, LeakyReluAttributes{0.3f}, {2, 3, 11},
                        DataType::kInt16, 0.0003f, -9));
    cases.push_back({"leaky_relu int16 zero points", b.Build()});
  }
  {
    GraphBuilder b("leaky_relu on a 1x12x12x8 image", 190);
    const int32_t x = b.Input("x", {1, 12, 12, 8}, 0.05f, 10);
    b.Output(b.Operator(kernels::OpKind::kLeakyRelu, {x}, LeakyReluAttributes{0.2f}, {1, 12, 12, 8},
                        0.03f, -30));
    cases.push_back({"leaky_relu on a 1x12x12x8 image", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
