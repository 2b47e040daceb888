// zeros_like's test cases: small graphs whose last operator is a zeros_like, with a non-zero
// zero point (the output is still all 0 bytes, as TFLM writes it) (tests/ops/op_case.h). Test
// support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> ZerosLikeCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, uint32_t seed, std::vector<int32_t> shape) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("x", shape, 0.1f, 9);
    b.Output(b.Operator(kernels::OpKind::kZerosLike, {x}, ZerosLikeAttributes{}, shape, 0.1f, 9));
    cases.push_back({name, b.Build()});
  };
  add("zeros_like vector", 121, {17});
  add("zeros_like rank 4", 122, {2, 3, 4, 5});
  add("zeros_like one element", 123, {1});
  return cases;
}

}  // namespace arenastore::planner
