// svdf's attributes on a graph operator: the rank (filters per output unit). Set by its TFLite
// mapping and by the artifact reader, read by its planner lowering (ops/svdf/svdf_planner.cc).
// Host-only.
#pragma once

#include <cstdint>

namespace arenastore::planner {

struct SvdfAttributes {
  int32_t rank = 1;
};

}  // namespace arenastore::planner
