// dynamic_update_slice's attributes on a graph operator: the start indices, TFLite's constant
// third operand folded in (any value: the lowering clamps them as TFLM does). Set by its TFLite
// mapping and the artifact reader, read by
// ops/dynamic_update_slice/dynamic_update_slice_planner.cc. Host-only.
#pragma once

#include <cstdint>

#include <vector>

namespace arenastore::planner {

struct DynamicUpdateSliceAttributes {
  std::vector<int64_t> start;  // one per operand dim
};

}  // namespace arenastore::planner
