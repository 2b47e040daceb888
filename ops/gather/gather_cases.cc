// gather's test cases: small graphs whose last operator is a gather, covering GATHER's axes
// (first, inner, last, negative) and batch_dims, GATHER_ND's flat rows over K dims (K = rank:
// single elements) and EMBEDDING_LOOKUP's rows, repeated indices included (tests/ops/op_case.h).
// Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> GatherCases() {
  std::vector<OpCase> cases;
  const auto add = [&](const char* name, uint32_t seed, std::vector<int32_t> shape,
                       GatherAttributes a, std::vector<int32_t> output_shape) {
    GraphBuilder b(name, seed);
    const int32_t x = b.Input("x", std::move(shape), 0.1f, -3);
    b.Output(
        b.Operator(kernels::OpKind::kGather, {x}, std::move(a), std::move(output_shape), 0.1f, -3));
    cases.push_back({name, b.Build()});
  };
  add("gather axis 0 rows", 91, {5, 3, 4},
      {{.axis = 0, .axis_dims = 1, .batch_dims = 0, .indices_shape = {4}, .indices = {4, 0, 0, 2}}},
      {4, 3, 4});
  add("gather inner axis 2-d indices", 92, {2, 6, 3},
      {{.axis = 1,
        .axis_dims = 1,
        .batch_dims = 0,
        .indices_shape = {2, 2},
        .indices = {5, 1, 1, 0}}},
      {2, 2, 2, 3});
  add("gather last axis negative", 93, {3, 7},
      {{.axis = -1, .axis_dims = 1, .batch_dims = 0, .indices_shape = {3}, .indices = {6, 0, 3}}},
      {3, 3});
  add("gather batch_dims 1", 94, {2, 4, 3},
      {{.axis = 1,
        .axis_dims = 1,
        .batch_dims = 1,
        .indices_shape = {2, 3},
        .indices = {3, 0, 1, 2, 2, 1}}},
      {2, 3, 3});
  add("gather scalar index drops the axis", 95, {4, 5},
      {{.axis = 0, .axis_dims = 1, .batch_dims = 0, .indices_shape = {}, .indices = {2}}}, {5});
  add("gather_nd slices of 2 dims", 96, {3, 4, 5},
      {{.axis = 0, .axis_dims = 2, .batch_dims = 0, .indices_shape = {3}, .indices = {11, 0, 5}}},
      {3, 5});
  add("gather_nd single elements", 97, {2, 3},
      {{.axis = 0,
        .axis_dims = 2,
        .batch_dims = 0,
        .indices_shape = {2, 2},
        .indices = {5, 1, 0, 3}}},
      {2, 2});
  add("embedding_lookup rows", 98, {6, 2, 4},
      {{.axis = 0, .axis_dims = 1, .batch_dims = 0, .indices_shape = {3}, .indices = {5, 5, 1}}},
      {3, 2, 4});
  return cases;
}

}  // namespace arenastore::planner
