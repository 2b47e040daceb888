// Plan as text: one row per buffer (name, pool, offset, bytes, steps) ordered by pool and
// offset, then one summary line per pool (planned bytes against that pool's own lower bound)
// and a total line. The CLI prints exactly this (`arenastore plan`, `compile --show-plan`).
// Host-only, heap OK; no errors: `plan` must have passed ValidatePlan for these requests.
#pragma once

#include <span>
#include <string>

#include "planner/memory_plan.h"

namespace arenastore::planner {

std::string FormatPlanTable(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                            const MemoryPlan& plan);

}  // namespace arenastore::planner
