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
      positions_(buffers.size(), 0),
      placements_(buffers.size(), Placement{-1, 0}),
      ends_(pools.size()),
      dirty_(buffers.size(), 0) {}

bool FirstFitPlacer::Place(std::span<const int32_t> order) {
  for (auto& ends : ends_) ends.clear();
  std::fill(placements_.begin(), placements_.end(), Placement{-1, 0});
  order_.assign(order.begin(), order.end());
  for (size_t i = 0; i < order_.size(); ++i) positions_[order_[i]] = static_cast<int32_t>(i);
  for (int32_t buffer : order_) {
    if (!PlaceOne(buffer)) return false;
  }
  return true;
}

bool FirstFitPlacer::MoveEarlier(size_t from, size_t to) {
  undo_.clear();
  undo_from_ = from;
  undo_to_ = to;
  std::rotate(order_.begin() + to, order_.begin() + from, order_.begin() + from + 1);
  for (size_t i = to; i <= from; ++i) positions_[order_[i]] = static_cast<int32_t>(i);
  work_ += from - to + 1;

  // The moved buffer now precedes its neighbors in [to, from): they must look again.
  const int32_t moved = order_[to];
  dirty_[moved] = 1;
  dirty_count_ = 1;
  MarkLaterNeighbors(moved);
  bool fits = true;
  for (size_t i = to; i < order_.size() && dirty_count_ > 0; ++i) {
    const int32_t buffer = order_[i];
    if (!dirty_[buffer]) continue;
    dirty_[buffer] = 0;
    --dirty_count_;
    if (!fits) continue;  // only clearing flags now
    const Placement before = placements_[buffer];
    fits = PlaceOne(buffer);
    if (placements_[buffer] != before) {
      undo_.emplace_back(buffer, before);
      MarkLaterNeighbors(buffer);
    }
  }
  return fits;
}

void FirstFitPlacer::MarkLaterNeighbors(int32_t buffer) {
  const std::span<const int32_t> neighbors = conflicts_.Of(buffer);
  work_ += neighbors.size();
  for (int32_t other : neighbors) {
    if (positions_[other] > positions_[buffer] && !dirty_[other]) {
      dirty_[other] = 1;
      ++dirty_count_;
    }
  }
}

void FirstFitPlacer::UndoMove() {
  for (const auto& [buffer, placement] : undo_) SetPlacement(buffer, placement);
  undo_.clear();
  std::rotate(order_.begin() + undo_to_, order_.begin() + undo_to_ + 1,
              order_.begin() + undo_from_ + 1);
  for (size_t i = undo_to_; i <= undo_from_; ++i) {
    positions_[order_[i]] = static_cast<int32_t>(i);
  }
}

bool FirstFitPlacer::PlaceOne(int32_t buffer) {
  const BufferRequest& request = buffers_[buffer];
  const auto pool_count = static_cast<int32_t>(pools_.size());
  for (int32_t pool = 0; pool < pool_count; ++pool) {
    const PoolSpec& spec = pools_[pool];
    const bool pinned_elsewhere = request.pinned_pool >= 0 && request.pinned_pool != pool;
    if (spec.pinned_only && request.pinned_pool != pool) continue;
    // The runtime aligns only the pool's base, so a stricter buffer cannot live there.
    if (pinned_elsewhere || spec.alignment < request.alignment) continue;
    const size_t offset = FirstFitOffset(buffer, pool);
    const size_t end_bytes = AlignUp(offset + ReservedBytes(request), EndAlignment(spec));
    if (spec.capacity_bytes == 0 || end_bytes <= spec.capacity_bytes) {
      SetPlacement(buffer, Placement{pool, offset});
      return true;
    }
    failure_ = PlaceFailure{buffer, pool, end_bytes, spec.capacity_bytes};
  }
  SetPlacement(buffer, Placement{-1, 0});
  return false;
}

void FirstFitPlacer::SetPlacement(int32_t buffer, const Placement& placement) {
  const Placement& old = placements_[buffer];
  const size_t reserved = ReservedBytes(buffers_[buffer]);
  if (old.pool >= 0) ends_[old.pool].erase({old.offset + reserved, buffer});
  if (placement.pool >= 0) ends_[placement.pool].insert({placement.offset + reserved, buffer});
  placements_[buffer] = placement;
  ++work_;
}

size_t FirstFitPlacer::FirstFitOffset(int32_t buffer, int32_t pool) {
  intervals_.clear();
  const std::span<const int32_t> neighbors = conflicts_.Of(buffer);
  work_ += neighbors.size();
  const int32_t position = positions_[buffer];
  for (int32_t other : neighbors) {
    const Placement& placed = placements_[other];
    if (positions_[other] > position || placed.pool != pool) continue;
    intervals_.push_back({placed.offset, placed.offset + ReservedBytes(buffers_[other])});
  }
  work_ += intervals_.size();
  std::sort(intervals_.begin(), intervals_.end(),
            [](const Interval& a, const Interval& b) { return a.begin < b.begin; });
  const BufferRequest& request = buffers_[buffer];
  const size_t size = ReservedBytes(request);
  size_t offset = 0;
  for (const Interval& taken : intervals_) {
    if (taken.begin >= offset + size) break;  // the gap below `taken` is large enough
    offset = std::max(offset, AlignUp(taken.end, request.alignment));
  }
  return offset;
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
