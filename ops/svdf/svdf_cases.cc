// svdf's test cases: small graphs whose last operator is an svdf, covering int8 and int16 state,
// rank 1 and 2, one and two batches (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> SvdfCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("svdf int16 state rank 1", 11);
    const int32_t input = b.Input("input", {1, 12}, 0.05f, 2);
    b.Output(b.Svdf(input, 6, 1, 5, DataType::kInt16));
    cases.push_back({"svdf int16 state rank 1", b.Build()});
  }
  {
    GraphBuilder b("svdf int8 state rank 2 batches 2", 12);
    const int32_t input = b.Input("input", {2, 9}, 0.04f, -3);
    b.Output(b.Svdf(input, 4, 2, 3, DataType::kInt8));
    cases.push_back({"svdf int8 state rank 2 batches 2", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
