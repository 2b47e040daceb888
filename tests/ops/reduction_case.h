// The one case shape the four reductions' units (mean, sum, reduce_max, reduce_min) build: an
// input of scale 0.1 and zero point 5 reduced over `axes`. Included by their *_cases.cc; test
// support, host-only.
#pragma once

#include <string>
#include <vector>

#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

// Appends to `cases` a graph whose last operator is the reduction kKind (its attributes type).
template <kernels::OpKind kKind, typename Attributes>
void AddReductionCase(std::vector<OpCase>* cases, const std::string& name,
                      std::vector<int32_t> input_shape, std::vector<int32_t> axes, bool keep_dims,
                      std::vector<int32_t> output_shape, float output_scale,
                      int32_t output_zero_point) {
  GraphBuilder b(name, 21);
  const int32_t x = b.Input("x", input_shape, 0.1f, 5);
  Attributes a;
  a.axes = std::move(axes);
  a.keep_dims = keep_dims;
  b.Output(b.Operator(kKind, {x}, a, output_shape, output_scale, output_zero_point));
  cases->push_back({name, b.Build()});
}

}  // namespace arenastore::planner
