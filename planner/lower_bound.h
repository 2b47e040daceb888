// Lower bound of any memory plan: the largest sum of reserved sizes (bytes rounded up to the
// alignment) of buffers that are live at one step, a tied pair's shared bytes counted once
// (planner/buffer_ties.h). No placement can use fewer bytes, since other buffers live together
// must be disjoint. Called by PlanMemory, the search (to stop early) and
// reports ("largest live set"). Host-only; allocates the result; no errors (requests must be
// valid, see PlanMemory). O(n log n): one sort of 2n lifetime events.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "planner/memory_plan.h"

namespace arenastore::planner {

struct LiveSetPeak {
  size_t bytes = 0;              // sum of ReservedBytes() of the buffers live at `step`
  int32_t step = -1;             // earliest step with that sum; -1 when there are no buffers
  std::vector<int32_t> buffers;  // indices of the buffers live at `step`, ascending
};

LiveSetPeak LargestLiveSet(std::span<const BufferRequest> buffers);

}  // namespace arenastore::planner
