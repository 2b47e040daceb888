// Greedy by size (TensorFlow Lite Micro's and TVM's default): place the largest buffers first,
// each at the lowest free offset among the buffers already placed that are live at the same
// time (FirstFitPlacer). Called by PlanMemory; host-only, heap OK; no errors.
// Where it is not optimal: first-fit never moves a buffer once placed, so a small buffer placed
// last can find every gap below the top taken by larger neighbors that could have been stacked
// differently (a chain 5,1,4,5 needs 10 B where 9 B suffice; tests/planner pins that case).
// On real models it lands 0-33% above the lower bound; the search usually closes the rest.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "planner/memory_plan.h"

namespace arenastore::planner {

// Buffer indices by reserved size, descending; ties: longer lifetime first, then index.
std::vector<int32_t> GreedyBySizeOrder(std::span<const BufferRequest> buffers);

}  // namespace arenastore::planner
