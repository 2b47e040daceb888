// zeros_like's attributes on a graph operator: none (TensorFlow Lite's ZEROS_LIKE has no
// options). Set by its TFLite mapping and the artifact reader, read by its planner lowering
// (ops/zeros_like/zeros_like_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct ZerosLikeAttributes {};

}  // namespace arenastore::planner
