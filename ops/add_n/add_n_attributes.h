// add_n's attributes on a graph operator: none (TFLite's ADD_N has no options; its arithmetic
// comes from the tensors' scales). Set by its TFLite mapping and by the artifact reader, read by
// its planner lowering (ops/add_n/add_n_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct AddNAttributes {};

}  // namespace arenastore::planner
