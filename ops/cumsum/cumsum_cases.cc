// cumsum's test cases: small graphs whose last operator is a cumsum, covering its options (the
// first, a middle and the last axis as a negative index; exclusive; reverse; both)
// (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> CumsumCases() {
  std::vector<OpCase> cases;
  struct Variant {
    const char* name;
    std::vector<int32_t> shape;
    CumsumAttributes attributes;
    float input_scale;
    int32_t input_zero_point;
    float output_scale;
    int32_t output_zero_point;
  };
  const Variant variants[] = {
      {"cumsum axis 0",
       {6, 5},
       {{.axis = 0, .exclusive = false, .reverse = false}},
       0.02f,
       3,
       0.1f,
       -5},
      {"cumsum axis 1 exclusive",
       {3, 7, 4},
       {{.axis = 1, .exclusive = true, .reverse = false}},
       0.05f,
       -10,
       0.2f,
       0},
      {"cumsum axis -1 reverse",
       {2, 3, 9},
       {{.axis = -1, .exclusive = false, .reverse = true}},
       0.01f,
       0,
       0.05f,
       7},
      {"cumsum axis 2 exclusive reverse",
       {2, 2, 5, 3},
       {{.axis = 2, .exclusive = true, .reverse = true}},
       0.03f,
       20,
       0.1f,
       -20},
  };
  int32_t seed = 161;
  for (const Variant& v : variants) {
    GraphBuilder b(v.name, seed++);
    const int32_t x = b.Input("x", v.shape, v.input_scale, v.input_zero_point);
    b.Output(b.Operator(kernels::OpKind::kCumsum, {x}, v.attributes, v.shape, v.output_scale,
                        v.output_zero_point));
    cases.push_back({v.name, b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
