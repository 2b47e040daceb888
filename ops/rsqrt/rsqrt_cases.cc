// rsqrt's test cases: small graphs whose last operator is a rsqrt, covering its quantization
// (an input zero point at the bottom of the range, and one in the middle whose lower half is
// outside RSQRT's domain) (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> RsqrtCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("rsqrt positive range", 71);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.02f, -128);
    b.Output(b.Operator(kernels::OpKind::kRsqrt, {x}, RsqrtAttributes{}, {2, 5, 7}, 0.05f, -128));
    cases.push_back({"rsqrt positive range", b.Build()});
  }
  {
    GraphBuilder b("rsqrt centred input", 72);
    const int32_t x = b.Input("x", {3, 9}, 0.5f, 4);
    b.Output(b.Operator(kernels::OpKind::kRsqrt, {x}, RsqrtAttributes{}, {3, 9}, 0.006f, -100));
    cases.push_back({"rsqrt centred input", b.Build()});
  }
  {
    GraphBuilder b("rsqrt int16", 73);
    const int32_t x = b.Input("x", {5, 8, 2}, DataType::kInt16, 5e-5f, 0);
    b.Output(b.Operator(kernels::OpKind::kRsqrt, {x}, RsqrtAttributes{}, {5, 8, 2},
                        DataType::kInt16, 6e-4f, 0));
    cases.push_back({"rsqrt int16", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
