// l2_normalization's test cases: small graphs whose last operator is an l2_normalization (rank 2
// and 4, a zero point far from 0, an all-equal row whose centred sum is 0) (tests/ops/op_case.h).
// Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {
namespace {

void Add(std::vector<OpCase>* cases, const std::string& name, std::vector<int32_t> shape,
         float input_scale, int32_t input_zero_point) {
  GraphBuilder b(name, 25);
  const int32_t x = b.Input("x", shape, input_scale, input_zero_point);
  b.Output(b.Operator(kernels::OpKind::kL2Normalization, {x}, L2NormalizationAttributes{}, shape,
                      1.0f / 128.0f, 0));
  cases->push_back({name, b.Build()});
}

}  // namespace

std::vector<OpCase> L2NormalizationCases() {
  std::vector<OpCase> cases;
  Add(&cases, "l2_normalization 9x4", {9, 4}, 0.04f, 3);
  Add(&cases, "l2_normalization rank 4", {1, 3, 5, 11}, 0.005f, -100);
  Add(&cases, "l2_normalization depth 1", {7, 1}, 0.1f, 0);
  return cases;
}

}  // namespace arenastore::planner
