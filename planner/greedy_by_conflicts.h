// Greedy by conflicts (in the spirit of TVM USMP's greedy_by_conflicts): place first the
// buffers under the most memory pressure, measured as the reserved bytes of every buffer they
// conflict with plus their own, then first-fit like greedy by size (FirstFitPlacer). Crowded
// steps get packed first, while there is still room to interleave their buffers; a big buffer
// alone at its steps can wait. Called by PlanMemory; host-only, heap OK; no errors.
// Where it is not optimal: pressure is a sum over a buffer's whole lifetime, so a long-lived
// small buffer outranks a short big one and can split a region the big one needed; and like
// every first-fit order it never revisits a placement. PlanMemory keeps the better of both
// greedy plans and hands it to the search.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "planner/lifetime_conflicts.h"
#include "planner/memory_plan.h"

namespace arenastore::planner {

// Buffer indices by conflict-weighted size, descending; ties: larger reserved size, then
// longer lifetime, then index.
std::vector<int32_t> GreedyByConflictsOrder(std::span<const BufferRequest> buffers,
                                            const LifetimeConflicts& conflicts);

}  // namespace arenastore::planner
