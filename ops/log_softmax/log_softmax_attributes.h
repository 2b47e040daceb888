// log_softmax's attributes on a graph operator: none (TFLite's LOG_SOFTMAX has no options; beta
// is 1). Set by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/log_softmax/log_softmax_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct LogSoftmaxAttributes {};

}  // namespace arenastore::planner
