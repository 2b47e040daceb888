// pack's attributes on a graph operator: the new axis. Set by its TFLite mapping and by the
// artifact reader, read by its planner lowering (ops/pack/pack_planner.cc). Host-only.
#pragma once

#include <cstdint>

namespace arenastore::planner {

struct PackAttributes {
  int32_t axis = 0;  // may be negative, counted from the end of the output's dims
};

}  // namespace arenastore::planner
