// cumsum's attributes on a graph operator: the axis (folded from its constant operand) and
// TFLite's exclusive and reverse flags. Set by its TFLite mapping and by the artifact reader,
// read by its planner lowering (ops/cumsum/cumsum_planner.cc). Host-only.
#pragma once

#include <cstdint>

namespace arenastore::planner {

struct CumsumAttributes {
  int32_t axis = 0;  // may be negative, counted from the end of the input's dims
  bool exclusive = false;
  bool reverse = false;
};

}  // namespace arenastore::planner
