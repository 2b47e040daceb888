// hard_swish's test cases: small graphs whose last operator is a hard_swish, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> HardSwishCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("hard_swish on rank 3", 22);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.05f, 12);
    b.Output(
        b.Operator(kernels::OpKind::kHardSwish, {x}, HardSwishAttributes{}, {2, 5, 7}, 0.03f, -90));
    cases.push_back({"hard_swish on rank 3", b.Build()});
  }
  {
    GraphBuilder b("hard_swish one element", 220);
    const int32_t x = b.Input("x", {1}, 0.05f, 12);
    b.Output(b.Operator(kernels::OpKind::kHardSwish, {x}, HardSwishAttributes{}, {1}, 0.03f, -90));
    cases.push_back({"hard_swish one element", b.Build()});
  }
  {
    GraphBuilder b("hard_swish on a 1x12x12x8 image", 221);
    const int32_t x = b.Input("x", {1, 12, 12, 8}, 0.05f, 12);
    b.Output(b.Operator(kernels::OpKind::kHardSwish, {x}, HardSwishAttributes{}, {1, 12, 12, 8},
                        0.03f, -90));
    cases.push_back({"hard_swish on a 1x12x12x8 image", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
