// relu6's attributes on a graph operator: none beyond its tensors' quantization. Set by its TFLite
// mapping and the artifact reader, read by its planner lowering (ops/relu6/relu6_planner.cc).
// Host-only.
#pragma once

namespace arenastore::planner {

struct Relu6Attributes {};

}  // namespace arenastore::planner
