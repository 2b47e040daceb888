// cast's attributes on a graph operator: none (the tensors' types say it all). Set by its TFLite
// mapping and the artifact reader, read by its planner lowering (ops/cast/cast_planner.cc).
// Host-only.
#pragma once

namespace arenastore::planner {

struct CastAttributes {};

}  // namespace arenastore::planner
