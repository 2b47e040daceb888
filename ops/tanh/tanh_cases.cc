// tanh's test cases: small graphs whose last operator is a tanh, covering its options
// (tests/ops/op_case.h). Test support, host-only.
#include <fmt/core.h>

#include <string>

#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> TanhCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("tanh on rank 3", 21);
    const int32_t x = b.Input("x", {2, 5, 7}, 0.04f, -7);
    b.Output(b.Operator(kernels::OpKind::kTanh, {x}, TanhAttributes{}, {2, 5, 7}, 1.0f / 128, 0));
    cases.push_back({"tanh on rank 3", b.Build()});
  }
  {
    // TFLM's power-of-two input scale 2^-12 (multiplier 0) and a general one.
    for (const float scale : {1.0f / 4096.0f, 3.1e-4f}) {
      const std::string name = fmt::format("tanh int16, input scale {}", scale);
      GraphBuilder b(name, 31);
      const int32_t x = b.Input("x", {3, 17}, DataType::kInt16, scale, 0);
      b.Output(b.Operator(kernels::OpKind::kTanh, {x}, TanhAttributes{}, {3, 17}, DataType::kInt16,
                          1.0f / 32768.0f, 0));
      cases.push_back({name, b.Build()});
    }
  }
  return cases;
}

}  // namespace arenastore::planner
