#include "planner/placement_search.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace arenastore::planner {
namespace {

// Buffers whose end defines their pool's planned bytes: only moving one of them can shrink
// the plan.
void CollectTops(const FirstFitPlacer& placer, std::vector<int32_t>* tops) {
  tops->clear();
  const auto pool_count = static_cast<int32_t>(placer.pools().size());
  for (int32_t pool = 0; pool < pool_count; ++pool) placer.AppendTops(pool, tops);
}

// A conflicting buffer placed before `top`, chosen uniformly; -1 if there is none.
int32_t EarlierNeighbor(const FirstFitPlacer& placer, int32_t top, std::mt19937_64& random) {
  const std::vector<int32_t>& positions = placer.positions();
  const std::span<const int32_t> neighbors = placer.conflicts().Of(top);
  size_t earlier = 0;
  for (int32_t other : neighbors) earlier += positions[other] < positions[top];
  if (earlier == 0) return -1;
  size_t pick = random() % earlier;
  for (int32_t other : neighbors) {
    if (positions[other] < positions[top] && pick-- == 0) return other;
  }
  return -1;
}

// Annealing starts hot enough to accept, now and then, a move that costs about one average
// buffer (chains and other plateaus need such a step back), and cools linearly to pure
// hill climbing as the iterations or the work budget run out, whichever comes first.
double InitialTemperature(std::span<const BufferRequest> buffers) {
  if (buffers.empty()) return 0;
  double total_bytes = 0;
  for (const BufferRequest& buffer : buffers)
    total_bytes += static_cast<double>(ReservedBytes(buffer));
  return total_bytes / static_cast<double>(buffers.size());
}

}  // namespace

SearchOutcome SearchPlacementOrder(FirstFitPlacer& placer, std::vector<int32_t> start_order,
                                   size_t lower_bound_bytes, uint64_t seed,
                                   const SearchLimits& limits) {
  SearchOutcome outcome;
  if (placer.order() != start_order) placer.Place(start_order);
  size_t current_bytes = placer.TotalBytes();
  outcome.total_bytes = current_bytes;
  outcome.order = std::move(start_order);

  std::mt19937_64 random(seed);
  // Not std::uniform_real_distribution: its output is left to each standard library, and the
  // same seed should give the same plan whichever compiler built the planner.
  auto unit = [&random] { return static_cast<double>(random() >> 11) * 0x1.0p-53; };
  const double initial_temperature = InitialTemperature(placer.buffers());
  std::vector<int32_t> tops;
  const uint64_t start_work = placer.work();
  uint64_t scan_work = 0;  // tops and neighbors this loop scans, beside the placer's own work
  auto work_spent = [&] { return placer.work() - start_work + scan_work; };
  while (outcome.iterations < limits.iterations && outcome.total_bytes > lower_bound_bytes &&
         work_spent() < limits.work_budget) {
    const double progress =
        std::max(static_cast<double>(outcome.iterations) / limits.iterations,
                 static_cast<double>(work_spent()) / static_cast<double>(limits.work_budget));
    ++outcome.iterations;
    CollectTops(placer, &tops);
    const int32_t top = tops[random() % tops.size()];
    const int32_t top_position = placer.positions()[top];
    scan_work += tops.size() + placer.conflicts().Of(top).size();
    int32_t neighbor = EarlierNeighbor(placer, top, random);
    if (neighbor < 0) {
      // Nothing before it conflicts: it sits as low as it can, so only a move elsewhere helps.
      if (top_position == 0) continue;
      neighbor = placer.order()[random() % top_position];
    }
    if (!placer.MoveEarlier(top_position, placer.positions()[neighbor])) {
      placer.UndoMove();
      continue;
    }
    const size_t total_bytes = placer.TotalBytes();
    const double temperature = initial_temperature * (1.0 - progress);
    const bool accept =
        total_bytes <= current_bytes ||
        (temperature > 0 &&
         unit() < std::exp(-static_cast<double>(total_bytes - current_bytes) / temperature));
    if (!accept) {
      placer.UndoMove();
      continue;
    }
    current_bytes = total_bytes;
    if (total_bytes < outcome.total_bytes) {
      outcome.total_bytes = total_bytes;
      outcome.order = placer.order();
    }
  }
  if (current_bytes != outcome.total_bytes) placer.Place(outcome.order);
  return outcome;
}

}  // namespace arenastore::planner
