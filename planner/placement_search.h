// Placement search: simulated annealing over the ORDER in which first-fit places buffers,
// starting from the best greedy order (TVM USMP's hill climb searches the same space). A move
// takes a buffer that ends at the top of its pool and moves it in the order to just before a
// random conflicting buffer placed earlier, so it is placed first and may sink below that
// neighbor; FirstFitPlacer::MoveEarlier re-places only what the move can change. A move is
// kept when the total planned bytes do not grow, and sometimes when they do (by about one
// average buffer, less and less often as the search cools): pure hill climbing stalls on
// chains. The best order seen wins. Swapping adjacent entries, the textbook move, is mostly
// wasted here: two buffers that do not conflict place identically in either order.
// Stops at the lower bound. Deterministic for a seed.
// Cost is bounded twice: by `iterations` and by a work budget counted in conflicting buffers
// visited (FirstFitPlacer::work), so large graphs get fewer moves instead of more time; the
// default budget costs at most about 50 ms on the reference host. Host-only, heap OK; no
// errors.
// Where it is not optimal: it is a local search and can end above the optimum (on random
// dense lifetimes it usually ends within 1% of the lower bound), and it only explores
// first-fit placements, which for some alignments miss the optimum.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "planner/first_fit_placer.h"

namespace arenastore::planner {

inline constexpr uint64_t kDefaultSearchWorkBudget = 4'000'000;

struct SearchLimits {
  int32_t iterations = 2000;
  uint64_t work_budget = kDefaultSearchWorkBudget;
};

struct SearchOutcome {
  std::vector<int32_t> order;  // the best order found; the placer holds its placement
  int32_t iterations = 0;      // moves tried
  size_t total_bytes = 0;      // sum of the placer's pool bytes for `order`
};

// `start_order` must be a permutation of all buffers whose placement fits (Place() succeeds);
// when the placer already holds it (its last Place()), it is not placed again.
SearchOutcome SearchPlacementOrder(FirstFitPlacer& placer, std::vector<int32_t> start_order,
                                   size_t lower_bound_bytes, uint64_t seed,
                                   const SearchLimits& limits);

}  // namespace arenastore::planner
