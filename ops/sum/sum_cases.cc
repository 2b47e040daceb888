// sum's test cases: small graphs whose last operator is a sum, covering its options
// (axes positive, negative and repeated, keep_dims, every axis) (tests/ops/op_case.h). Test
// support, host-only.
#include "tests/ops/reduction_case.h"

namespace arenastore::planner {
namespace {

// The input has scale 0.1 and zero point 5 (tests/ops/reduction_case.h).
constexpr auto Add = &AddReductionCase<kernels::OpKind::kSum, SumAttributes>;

}  // namespace

std::vector<OpCase> SumCases() {
  std::vector<OpCase> cases;
  Add(&cases, "sum axes 1,2 keep_dims", {2, 5, 4, 3}, {1, 2}, true, {2, 1, 1, 3}, 0.07f, -4);
  Add(&cases, "sum negative and repeated axes", {3, 4, 5}, {-1, 0, 2}, false, {4}, 0.3f, 9);
  Add(&cases, "sum every axis to a scalar", {2, 3, 4}, {0, 1, 2}, false, {}, 0.9f, -20);
  {
    // int16 (16x8 models): the same arithmetic clamped to int16.
    GraphBuilder b("sum int16 axes 0,2", 214);
    const int32_t x = b.Input("x", {3, 4, 5, 2}, DataType::kInt16, 0.0005f, 0);
    SumAttributes a;
    a.axes = {0, 2};
    b.Output(b.Operator(kernels::OpKind::kSum, {x}, a, {4, 2}, DataType::kInt16, 0.004f, 0));
    cases.push_back({"sum int16 axes 0,2", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
