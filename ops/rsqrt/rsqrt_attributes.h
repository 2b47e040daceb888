// rsqrt's attributes on a graph operator: none beyond its tensors' quantization. Set by its TFLite
// mapping and the artifact reader, read by its planner lowering (ops/rsqrt/rsqrt_planner.cc).
// Host-only.
#pragma once

namespace arenastore::planner {

struct RsqrtAttributes {};

}  // namespace arenastore::planner
