// gather's attributes on a graph operator: TFLite's GATHER, GATHER_ND or EMBEDDING_LOOKUP with
// its constant indices folded in. Set by its TFLite mapping and the artifact reader, read by its
// planner lowering (ops/gather/gather_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include <vector>

namespace arenastore::planner {

struct GatherAttributes {
  int32_t axis = 0;        // first input dim gathered; may be negative, counted from the end
  int32_t axis_dims = 1;   // input dims from `axis` read as one flat axis (K for GATHER_ND)
  int32_t batch_dims = 0;  // leading dims input and indices share
  std::vector<int32_t> indices_shape;  // the output takes these dims in place of the axis
  std::vector<int32_t> indices;        // flat positions in the gathered axis, row-major
};

}  // namespace arenastore::planner
