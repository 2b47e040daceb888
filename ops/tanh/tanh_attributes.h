// tanh's attributes on a graph operator: none beyond its tensors' quantization. Set by its TFLite
// mapping and the artifact reader, read by its planner lowering (ops/tanh/tanh_planner.cc).
// Host-only.
#pragma once

namespace arenastore::planner {

struct TanhAttributes {};

}  // namespace arenastore::planner
