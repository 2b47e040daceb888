// Figures tests read off a CompiledModel: its plan's bytes over every pool and the MACs its row
// stages compute again. Shared by the planner tests that weigh plans against each other.
// Test-only, header-only.
#pragma once

#include <cstddef>
#include <cstdint>

#include "planner/compile.h"

namespace arenastore::planner {

inline size_t PlannedBytes(const CompiledModel& model) {
  size_t bytes = 0;
  for (size_t pool : model.plan.pool_bytes) bytes += pool;
  return bytes;
}

inline uint64_t ExtraMacs(const CompiledModel& model) {
  uint64_t macs = 0;
  for (const PlannedStage& stage : model.stages) macs += stage.extra_macs;
  return macs;
}

}  // namespace arenastore::planner
