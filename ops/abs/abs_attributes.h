// abs's attributes on a graph operator: none beyond its tensors' quantization. Set by its TFLite
// mapping and the artifact reader, read by its planner lowering (ops/abs/abs_planner.cc).
// Host-only.
#pragma once

namespace arenastore::planner {

struct AbsAttributes {};

}  // namespace arenastore::planner
