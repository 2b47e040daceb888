// reduce_max's test cases: small graphs whose last operator is a reduce_max, covering its options
// (axes positive, negative and repeated, keep_dims, every axis) (tests/ops/op_case.h). Test
// support, host-only.
#include "tests/ops/reduction_case.h"

namespace arenastore::planner {
namespace {

// The input has scale 0.1 and zero point 5 (tests/ops/reduction_case.h).
constexpr auto Add = &AddReductionCase<kernels::OpKind::kReduceMax, ReduceMaxAttributes>;

}  // namespace

std::vector<OpCase> ReduceMaxCases() {
  std::vector<OpCase> cases;
  // Input and output share quantization, as TensorFlow Lite requires.
  Add(&cases, "reduce_max axes 1,2 keep_dims", {2, 5, 4, 3}, {1, 2}, true, {2, 1, 1, 3}, 0.1f, 5);
  Add(&cases, "reduce_max negative and repeated axes", {3, 4, 5}, {-1, 0, 2}, false, {4}, 0.1f, 5);
  Add(&cases, "reduce_max every axis to a scalar", {2, 3, 4}, {0, 1, 2}, false, {}, 0.1f, 5);
  return cases;
}

}  // namespace arenastore::planner
