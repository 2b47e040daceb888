// First-fit placement in a given order: the step every placement algorithm shares (they differ
// only in the order). Each buffer goes to the lowest aligned offset that overlaps no buffer
// placed before it (in the order) in the same pool with an intersecting lifetime, in its
// pinned pool or else in the first pool (given order) whose capacity holds its end. Called by
// PlanMemory and the search. Host-only, heap OK; does not take ownership (requests, pools and
// conflicts must outlive it); requests must be valid (PlanMemory checks them). A buffer that
// fits nowhere is reported through failure(), not a Status.
// Tied buffers (planner/buffer_ties.h) move as one unit: its root is placed where every member
// clears the buffers placed before it, and the members follow at their offsets; orders name
// buffers, and a member's entry counts as its root's (the root is placed at the first of them).
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <span>
#include <utility>
#include <vector>

#include "planner/buffer_ties.h"
#include "planner/lifetime_conflicts.h"
#include "planner/memory_plan.h"

namespace arenastore::planner {

// The first buffer that fit nowhere, measured against the last pool it tried.
struct PlaceFailure {
  int32_t buffer = -1;
  int32_t pool = -1;
  size_t end_bytes = 0;       // where it would have ended (rounded up to the pool alignment)
  size_t capacity_bytes = 0;  // of that pool
};

class FirstFitPlacer {
 public:
  FirstFitPlacer(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                 const LifetimeConflicts& conflicts);

  // Places every buffer in `order` (a permutation of all buffer indices). False when one fits
  // in no pool; failure() says which, and the placement is unusable until the next Place().
  // order() then holds the units' roots in the order they were placed.
  bool Place(std::span<const int32_t> order);

  // Moves the buffer at position `from` to position `to` (< from) of the current order and
  // re-places only what can change: the moved buffer, its neighbors, and transitively the
  // neighbors of every buffer whose placement changed (first-fit of a buffer depends only on
  // its earlier neighbors). Same result as Place() of the new order. On false (a buffer fits
  // nowhere) call UndoMove() before anything else.
  bool MoveEarlier(size_t from, size_t to);
  // Restores the order and placements from before the last MoveEarlier().
  void UndoMove();

  const std::vector<Placement>& placements() const { return placements_; }
  const std::vector<int32_t>& order() const { return order_; }
  const std::vector<int32_t>& positions() const { return positions_; }
  const PlaceFailure& failure() const { return failure_; }
  std::span<const BufferRequest> buffers() const { return buffers_; }
  std::span<const PoolSpec> pools() const { return pools_; }
  const LifetimeConflicts& conflicts() const { return conflicts_; }

  // Per pool: largest end of a placed buffer (reserved size), rounded up to the pool alignment.
  // O(pools): ends are kept ordered as placements change.
  std::vector<size_t> PoolBytes() const;
  size_t TotalBytes() const;
  // Appends the buffers of `pool` whose end, rounded up to the pool alignment, is its planned
  // bytes: the only ones whose move can shrink the pool. O(result + log n).
  void AppendTops(int32_t pool, std::vector<int32_t>* tops) const;
  // Conflicting buffers visited so far: a deterministic measure of time spent, which the search
  // uses as its budget.
  uint64_t work() const { return work_; }

 private:
  // Bases that would put a member on a placed buffer's bytes: (low, high), both exclusive.
  struct Interval {
    int64_t low;
    int64_t high;
  };
  // Lowest offset for unit `root`'s base in `pool` where each member clears its earlier
  // conflicting buffers.
  size_t FirstFitOffset(int32_t root, int32_t pool);
  bool PlaceOne(int32_t root);
  // Places unit `root`'s base at `placement` (pool -1: unplaced) and its members after it.
  void SetPlacement(int32_t root, const Placement& placement);
  void SetPosition(int32_t root, size_t position);
  size_t PoolBytesOf(size_t pool) const;
  void MarkLaterNeighbors(int32_t root);

  std::span<const BufferRequest> buffers_;
  std::span<const PoolSpec> pools_;
  const LifetimeConflicts& conflicts_;
  const TieUnits units_;
  std::vector<int32_t> order_;      // unit roots
  std::vector<int32_t> positions_;  // positions_[m] == i for order_[i] and each of its members
  std::vector<Placement> bases_;    // per root: where its unit's base is
  std::vector<Placement> placements_;
  std::vector<std::set<std::pair<size_t, int32_t>>> ends_;  // per pool: (base + extent, root)
  std::vector<uint8_t> dirty_;  // must be re-placed by the running MoveEarlier
  size_t dirty_count_ = 0;
  std::vector<std::pair<int32_t, Placement>> undo_;  // placements the last move overwrote
  size_t undo_from_ = 0;
  size_t undo_to_ = 0;
  std::vector<Interval> intervals_;  // reused by FirstFitOffset
  PlaceFailure failure_;
  uint64_t work_ = 0;
};

}  // namespace arenastore::planner
