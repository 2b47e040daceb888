// split's test cases: small graphs whose last operator is a split, covering equal parts (SPLIT),
// uneven parts along a negative axis (SPLIT_V), and parts of 1 without the axis (UNPACK), first,
// middle and last axes (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {
namespace {

OpCase SplitCase(const char* name, uint64_t seed, std::vector<int32_t> input_shape,
                 SplitAttributes attributes, const std::vector<std::vector<int32_t>>& shapes) {
  GraphBuilder b(name, seed);
  const int32_t x = b.Input("x", std::move(input_shape), 0.05f, -3);
  for (int32_t part :
       b.MultiOutputOperator(kernels::OpKind::kSplit, {x}, attributes, shapes, 0.05f, -3)) {
    b.Output(part);
  }
  return {name, b.Build()};
}

}  // namespace

std::vector<OpCase> SplitCases() {
  return {
      SplitCase("split axis 1 into three equal parts", 101, {2, 6, 3},
                SplitAttributes{{.axis = 1, .squeeze_axis = false}},
                {{2, 2, 3}, {2, 2, 3}, {2, 2, 3}}),
      SplitCase("split axis -1 into 3, 1 and 5", 102, {4, 9},
                SplitAttributes{{.axis = -1, .squeeze_axis = false}}, {{4, 3}, {4, 1}, {4, 5}}),
      SplitCase("split axis 0 into one part", 103, {5, 2},
                SplitAttributes{{.axis = 0, .squeeze_axis = false}}, {{5, 2}}),
      SplitCase("unpack axis 0 of three", 104, {3, 5},
                SplitAttributes{{.axis = 0, .squeeze_axis = true}}, {{5}, {5}, {5}}),
      SplitCase("unpack axis -1 into four", 105, {2, 3, 4},
                SplitAttributes{{.axis = -1, .squeeze_axis = true}},
                {{2, 3}, {2, 3}, {2, 3}, {2, 3}}),
  };
}

}  // namespace arenastore::planner
