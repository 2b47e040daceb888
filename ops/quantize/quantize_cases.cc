// quantize's test cases: small graphs whose last operator is a quantize, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> QuantizeCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("quantize on rank 3", 25);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.05f, -3);
    b.Output(
        b.Operator(kernels::OpKind::kQuantize, {x}, QuantizeAttributes{}, {2, 5, 7}, 0.07f, 11));
    cases.push_back({"quantize on rank 3", b.Build()});
  }
  {
    GraphBuilder b("quantize one element", 250);
    const int32_t x = b.Input("x", {1}, 0.05f, -3);
    b.Output(b.Operator(kernels::OpKind::kQuantize, {x}, QuantizeAttributes{}, {1}, 0.07f, 11));
    cases.push_back({"quantize one element", b.Build()});
  }
  {
    GraphBuilder b("quantize on a 1x12x12x8 image", 251);
    const int32_t x = b.Input("x", {1, 12, 12, 8}, 0.05f, -3);
    b.Output(b.Operator(kernels::OpKind::kQuantize, {x}, QuantizeAttributes{}, {1, 12, 12, 8},
                        0.07f, 11));
    cases.push_back({"quantize on a 1x12x12x8 image", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
