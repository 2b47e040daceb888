#include "planner/first_fit_placer.h"

#include <algorithm>

namespace arenastore::planner {
namespace {

// What a pool's planned bytes round up to. The state pool's are exactly its variables' bytes,
// as in TensorFlow Lite Micro's persistent arena: its buffers align themselves to their element
// size from an aligned base, so nothing after its last buffer needs padding.
uint32_t EndAlignment(const PoolSpec& pool) { return pool.pinned_only ? 1 : pool.alignment; }

size_t AlignUp(size_t value, uint32_t alignment) {
  const size_t mask = static_cast<size_t>(alignment) - 1;
  return (value + mask) & ~mask;
}

bool operator!=(const Placement& a, const Placement& b) {
  return a.pool != b.pool || a.offset != b.offset;
}

}  // namespace

FirstFitPlacer::FirstFitPlacer(std::span<const BufferRequest> buffers,
                               std::span<const PoolSpec> pools, const LifetimeConflicts& conflicts)
    : buffers_(buffers),
      pools_(pools),
      conflicts_(conflicts),
      units_(ResolveTies(buffers)),
      positions_(buffers.size(), 0),
      bases_(buffers.size(), Placement{-1, 0}),
      placements_(buffers.size(), Placement{-1, 0}),
      ends_(pools.size()),
      dirty_(buffers.size(), 0) {}

bool FirstFitPlacer::Place(std::span<const int32_t> order) {
  for (auto& ends : ends_) ends.clear();
  std::fill(placements_.begin(), placements_.end(), Placement{-1, 0});
  std::fill(bases_.begin(), bases_.end(), Placement{-1, 0});
  order_.clear();
  std::fill(dirty_.begin(), dirty_.end(), 0);  // marks the roots already in order_ here
  for (int32_t buffer : order) {
    const int32_t root = units_.root[buffer];
    if (dirty_[root]) continue;
    dirty_[root] = 1;
    SetPosition(root, order_.size());
    order_.push_back(root);
  }
  std::fill(dirty_.begin(), dirty_.end(), 0);
  for (int32_t root : order_) {
    if (!PlaceOne(root)) return false;
  }
  return true;
}

void FirstFitPlacer::SetPosition(int32_t root, size_t position) {
  for (int32_t member : units_.members[root]) positions_[member] = static_cast<int32_t>(position);
}

bool FirstFitPlacer::MoveEarlier(size_t from, size_t to) {
  undo_.clear();
  undo_from_ = from;
  undo_to_ = to;
  std::rotate(order_.begin() + to, order_.begin() + from, order_.begin() + from + 1);
  for (size_t i = to; i <= from; ++i) SetPosition(order_[i], i);
  work_ += from - to + 1;

  // The moved unit now precedes its neighbors in [to, from): they must look again.
  const int32_t moved = order_[to];
  dirty_[moved] = 1;
  dirty_count_ = 1;
  MarkLaterNeighbors(moved);
  bool fits = true;
  for (size_t i = to; i < order_.size() && dirty_count_ > 0; ++i) {
    const int32_t root = order_[i];
    if (!dirty_[root]) continue;
    dirty_[root] = 0;
    --dirty_count_;
    if (!fits) continue;  // only clearing flags now
    const Placement before = bases_[root];
    fits = PlaceOne(root);
    if (bases_[root] != before) {
      undo_.emplace_back(root, before);
      MarkLaterNeighbors(root);
    }
  }
  return fits;
}

void FirstFitPlacer::MarkLaterNeighbors(int32_t root) {
  for (int32_t member : units_.members[root]) {
    const std::span<const int32_t> neighbors = conflicts_.Of(member);
    work_ += neighbors.size();
    for (int32_t other : neighbors) {
      const int32_t other_root = units_.root[other];
      if (positions_[other_root] > positions_[root] && !dirty_[other_root]) {
        dirty_[other_root] = 1;
        ++dirty_count_;
      }
    }
  }
}

void FirstFitPlacer::UndoMove() {
  for (const auto& [root, base] : undo_) SetPlacement(root, base);
  undo_.clear();
  std::rotate(order_.begin() + undo_to_, order_.begin() + undo_to_ + 1,
              order_.begin() + undo_from_ + 1);
  for (size_t i = undo_to_; i <= undo_from_; ++i) SetPosition(order_[i], i);
}

bool FirstFitPlacer::PlaceOne(int32_t root) {
  // Members share the root's pinned pool and alignment (CheckTies).
  const BufferRequest& request = buffers_[root];
  const auto pool_count = static_cast<int32_t>(pools_.size());
  for (int32_t pool = 0; pool < pool_count; ++pool) {
    const PoolSpec& spec = pools_[pool];
    const bool pinned_elsewhere = request.pinned_pool >= 0 && request.pinned_pool != pool;
    if (spec.pinned_only && request.pinned_pool != pool) continue;
    // The runtime aligns only the pool's base, so a stricter buffer cannot live there.
    if (pinned_elsewhere || spec.alignment < request.alignment) continue;
    const size_t offset = FirstFitOffset(root, pool);
    const size_t end_bytes = AlignUp(offset + units_.extent_bytes[root], EndAlignment(spec));
    if (spec.capacity_bytes == 0 || end_bytes <= spec.capacity_bytes) {
      SetPlacement(root, Placement{pool, offset});
      return true;
    }
    failure_ = PlaceFailure{root, pool, end_bytes, spec.capacity_bytes};
  }
  SetPlacement(root, Placement{-1, 0});
  return false;
}

void FirstFitPlacer::SetPlacement(int32_t root, const Placement& placement) {
  const Placement& old = bases_[root];
  const size_t extent = units_.extent_bytes[root];
  if (old.pool >= 0) ends_[old.pool].erase({old.offset + extent, root});
  if (placement.pool >= 0) ends_[placement.pool].insert({placement.offset + extent, root});
  bases_[root] = placement;
  for (int32_t member : units_.members[root]) {
    placements_[member] =
        placement.pool < 0
            ? Placement{-1, 0}
            : Placement{placement.pool, placement.offset + units_.offset_bytes[member]};
  }
  ++work_;
}

size_t FirstFitPlacer::FirstFitOffset(int32_t root, int32_t pool) {
  intervals_.clear();
  const int32_t position = positions_[root];
  for (int32_t member : units_.members[root]) {
    const std::span<const int32_t> neighbors = conflicts_.Of(member);
    work_ += neighbors.size();
    const auto from_base = static_cast<int64_t>(units_.offset_bytes[member]);
    const auto size = static_cast<int64_t>(ReservedBytes(buffers_[member]));
    for (int32_t other : neighbors) {
      const Placement& placed = placements_[other];
      if (positions_[other] >= position || placed.pool != pool) continue;  // later or own unit
      const auto begin = static_cast<int64_t>(placed.offset);
      const auto end = begin + static_cast<int64_t>(ReservedBytes(buffers_[other]));
      intervals_.push_back({begin - from_base - size, end - from_base});
    }
  }
  work_ += intervals_.size();
  std::sort(intervals_.begin(), intervals_.end(),
            [](const Interval& a, const Interval& b) { return a.low < b.low; });
  const uint32_t alignment = buffers_[root].alignment;
  int64_t base = 0;
  for (const Interval& taken : intervals_) {
    if (taken.low >= base) break;  // every later interval starts at or above this one
    if (taken.high > base)
      base = static_cast<int64_t>(AlignUp(static_cast<size_t>(taken.high), alignment));
  }
  return static_cast<size_t>(base);
}

size_t FirstFitPlacer::PoolBytesOf(size_t pool) const {
  if (ends_[pool].empty()) return 0;
  return AlignUp(ends_[pool].rbegin()->first, EndAlignment(pools_[pool]));
}

std::vector<size_t> FirstFitPlacer::PoolBytes() const {
  std::vector<size_t> pool_bytes(pools_.size());
  for (size_t pool = 0; pool < pools_.size(); ++pool) pool_bytes[pool] = PoolBytesOf(pool);
  return pool_bytes;
}

void FirstFitPlacer::AppendTops(int32_t pool, std::vector<int32_t>* tops) const {
  const size_t pool_bytes = PoolBytesOf(pool);
  const uint32_t alignment = EndAlignment(pools_[pool]);
  for (auto it = ends_[pool].rbegin(); it != ends_[pool].rend(); ++it) {
    if (AlignUp(it->first, alignment) != pool_bytes) break;
    tops->push_back(it->second);
  }
}

size_t FirstFitPlacer::TotalBytes() const {
  size_t total = 0;
  for (size_t pool = 0; pool < pools_.size(); ++pool) total += PoolBytesOf(pool);
  return total;
}

}  // namespace arenastore::planner
