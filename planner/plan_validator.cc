#include "planner/plan_validator.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <set>
#include <utility>
#include <vector>

#include "planner/buffer_ties.h"

namespace arenastore::planner {
namespace {

bool IsPowerOfTwo(uint32_t value) { return value != 0 && (value & (value - 1)) == 0; }

Status CheckRequestsAndPools(std::span<const BufferRequest> buffers,
                             std::span<const PoolSpec> pools) {
  for (size_t i = 0; i < buffers.size(); ++i) {
    const BufferRequest& buffer = buffers[i];
    ARENASTORE_CHECK_OR_RETURN(IsPowerOfTwo(buffer.alignment), ErrorCode::kInvalidArgument,
                               "buffer %zu '%s': alignment %u is not a power of two", i,
                               buffer.name.c_str(), buffer.alignment);
    ARENASTORE_CHECK_OR_RETURN(buffer.first_step <= buffer.last_step, ErrorCode::kInvalidArgument,
                               "buffer %zu '%s': first step %d is after last step %d", i,
                               buffer.name.c_str(), buffer.first_step, buffer.last_step);
    ARENASTORE_CHECK_OR_RETURN(buffer.pinned_pool < static_cast<int64_t>(pools.size()),
                               ErrorCode::kInvalidArgument,
                               "buffer %zu '%s': pinned to pool %d but there are %zu pools", i,
                               buffer.name.c_str(), buffer.pinned_pool, pools.size());
  }
  for (const PoolSpec& pool : pools) {
    ARENASTORE_CHECK_OR_RETURN(IsPowerOfTwo(pool.alignment), ErrorCode::kInvalidArgument,
                               "pool '%s': alignment %u is not a power of two", pool.name.c_str(),
                               pool.alignment);
  }
  return CheckTies(buffers);
}

// Invariants 2-5 for one buffer.
Status CheckPlacement(size_t index, const BufferRequest& buffer, std::span<const PoolSpec> pools,
                      const MemoryPlan& plan) {
  const Placement& placed = plan.placements[index];
  const char* name = buffer.name.c_str();
  if (placed.pool < 0 || static_cast<size_t>(placed.pool) >= pools.size()) {
    return Status::Error(ErrorCode::kPlanInvalid,
                         "buffer %zu '%s': pool %d does not exist (%zu pools)", index, name,
                         placed.pool, pools.size());
  }
  const PoolSpec& pool = pools[placed.pool];
  if (buffer.pinned_pool >= 0 && buffer.pinned_pool != placed.pool) {
    return Status::Error(ErrorCode::kPlanInvalid,
                         "buffer %zu '%s': pinned to pool '%s' but placed in pool '%s'", index,
                         name, pools[buffer.pinned_pool].name.c_str(), pool.name.c_str())
        .WithPool(placed.pool);
  }
  if (placed.offset % buffer.alignment != 0) {
    return Status::Error(ErrorCode::kPlanInvalid,
                         "buffer %zu '%s': offset %zu in pool '%s' is not a multiple of its "
                         "alignment %u",
                         index, name, placed.offset, pool.name.c_str(), buffer.alignment)
        .WithPool(placed.pool);
  }
  if (buffer.alignment > pool.alignment) {
    return Status::Error(ErrorCode::kPlanInvalid,
                         "buffer %zu '%s': alignment %u is stricter than pool '%s' alignment %u",
                         index, name, buffer.alignment, pool.name.c_str(), pool.alignment)
        .WithPool(placed.pool);
  }
  const size_t pool_bytes = plan.pool_bytes[placed.pool];
  if (placed.offset > pool_bytes || buffer.bytes > pool_bytes - placed.offset) {
    return Status::Error(ErrorCode::kPlanInvalid,
                         "buffer %zu '%s': [%zu, +%zu B) ends beyond pool '%s' planned bytes %zu",
                         index, name, placed.offset, buffer.bytes, pool.name.c_str(), pool_bytes)
        .WithPool(placed.pool);
  }
  return Status::Ok();
}

// Invariant 6.
Status CheckPoolSizes(std::span<const PoolSpec> pools, const MemoryPlan& plan) {
  for (size_t p = 0; p < pools.size(); ++p) {
    const PoolSpec& pool = pools[p];
    const size_t bytes = plan.pool_bytes[p];
    // A state pool ends at its last variable, unpadded (its base alone is aligned).
    if (!pool.pinned_only && bytes % pool.alignment != 0) {
      return Status::Error(ErrorCode::kPlanInvalid,
                           "pool '%s': planned bytes %zu are not a multiple of its alignment %u",
                           pool.name.c_str(), bytes, pool.alignment)
          .WithPool(static_cast<int32_t>(p));
    }
    if (pool.capacity_bytes != 0 && bytes > pool.capacity_bytes) {
      return Status::Error(ErrorCode::kPlanInvalid,
                           "pool '%s': planned bytes %zu exceed its capacity %zu",
                           pool.name.c_str(), bytes, pool.capacity_bytes)
          .WithPool(static_cast<int32_t>(p));
    }
  }
  return Status::Ok();
}

// Invariant 7: a tied buffer lies at its tie's offset from the other, in the same pool.
Status CheckTiePlacements(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                          const MemoryPlan& plan) {
  for (size_t i = 0; i < buffers.size(); ++i) {
    const BufferRequest& buffer = buffers[i];
    if (buffer.tied_to < 0) continue;
    const Placement& placed = plan.placements[i];
    const Placement& other = plan.placements[buffer.tied_to];
    if (placed.pool != other.pool ||
        static_cast<int64_t>(placed.offset - other.offset) != buffer.tied_offset_bytes) {
      return Status::Error(ErrorCode::kPlanInvalid,
                           "buffer %zu '%s': tied %lld B from '%s', but placed at %zu in pool "
                           "'%s' against %zu in pool '%s'",
                           i, buffer.name.c_str(), static_cast<long long>(buffer.tied_offset_bytes),
                           buffers[buffer.tied_to].name.c_str(), placed.offset,
                           pools[placed.pool].name.c_str(), other.offset,
                           pools[other.pool].name.c_str())
          .WithPool(placed.pool);
    }
  }
  return Status::Ok();
}

// Invariant 8. Buffers leave the live set at last_step + 1 before others enter at that step;
// the intervals kept for one pool are disjoint, so a new one can only overlap its neighbors in
// offset order. A buffer inside the bytes of a live buffer tied to it is covered by that one:
// not kept while it is (the one covering it answers for its bytes), kept again when it leaves.
class OverlapSweep {
 public:
  OverlapSweep(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
               const MemoryPlan& plan)
      : buffers_(buffers),
        pools_(pools),
        plan_(plan),
        live_(pools.size()),
        kept_(buffers.size(), 0),
        covered_by_(buffers.size(), -1),
        covers_(buffers.size()),
        partners_(buffers.size()) {
    for (size_t i = 0; i < buffers.size(); ++i) {
      const int32_t other = buffers[i].tied_to;
      if (other < 0) continue;
      partners_[i].push_back(other);
      partners_[other].push_back(static_cast<int32_t>(i));
    }
  }

  Status Enter(size_t buffer, int32_t step) {
    for (int32_t partner : partners_[buffer]) {
      if ((kept_[partner] || covered_by_[partner] >= 0) && Holds(partner, buffer)) {
        // Whatever covers the partner holds its bytes, so it holds these too.
        int32_t outer = partner;
        while (covered_by_[outer] >= 0) outer = covered_by_[outer];
        Cover(buffer, outer);
        return Status::Ok();
      }
    }
    for (int32_t partner : partners_[buffer]) {
      if (kept_[partner] && Holds(buffer, partner)) {
        Drop(partner);
        Cover(partner, static_cast<int32_t>(buffer));
      }
    }
    return Keep(buffer, step);
  }

  Status Leave(size_t buffer, int32_t step) {
    const int32_t coverer = covered_by_[buffer];
    if (coverer >= 0) {
      std::erase(covers_[coverer], static_cast<int32_t>(buffer));
      covered_by_[buffer] = -1;
    } else {
      Drop(buffer);
    }
    // What it covered is covered by what covers it, or stands for itself again.
    std::vector<int32_t> covered = std::move(covers_[buffer]);
    covers_[buffer].clear();
    for (int32_t inner : covered) {
      covered_by_[inner] = -1;
      if (coverer >= 0) {
        Cover(inner, coverer);
      } else {
        ARENASTORE_RETURN_IF_ERROR(Keep(inner, step));
      }
    }
    return Status::Ok();
  }

 private:
  using LiveSet = std::set<std::pair<size_t, size_t>>;  // (offset, buffer)

  // Whether `outer`'s bytes hold all of `inner`'s, in one pool.
  bool Holds(size_t outer, size_t inner) const {
    const Placement& o = plan_.placements[outer];
    const Placement& i = plan_.placements[inner];
    return o.pool == i.pool && o.offset <= i.offset &&
           i.offset + buffers_[inner].bytes <= o.offset + buffers_[outer].bytes;
  }

  void Cover(size_t inner, int32_t outer) {
    covered_by_[inner] = outer;
    covers_[outer].push_back(static_cast<int32_t>(inner));
  }

  void Drop(size_t buffer) {
    if (!kept_[buffer]) return;
    live_[plan_.placements[buffer].pool].erase({plan_.placements[buffer].offset, buffer});
    kept_[buffer] = 0;
  }

  Status Keep(size_t buffer, int32_t step) {
    const Placement& placed = plan_.placements[buffer];
    LiveSet& pool_live = live_[placed.pool];
    const size_t end = placed.offset + buffers_[buffer].bytes;
    const auto after = pool_live.lower_bound({placed.offset, 0});
    size_t other = buffers_.size();
    if (after != pool_live.end() && after->first < end) other = after->second;
    if (after != pool_live.begin()) {
      const size_t before = std::prev(after)->second;
      const Placement& before_placed = plan_.placements[before];
      if (before_placed.offset + buffers_[before].bytes > placed.offset) other = before;
    }
    if (other != buffers_.size()) return Overlap(other, buffer, step);
    pool_live.insert({placed.offset, buffer});
    kept_[buffer] = 1;
    return Status::Ok();
  }

  Status Overlap(size_t x, size_t y, int32_t step) const {
    const size_t a = std::min(x, y), b = std::max(x, y);
    const Placement& pa = plan_.placements[a];
    const Placement& pb = plan_.placements[b];
    return Status::Error(ErrorCode::kPlanInvalid,
                         "buffers %zu '%s' [%zu, %zu) and %zu '%s' [%zu, %zu) overlap in pool "
                         "'%s' at step %d",
                         a, buffers_[a].name.c_str(), pa.offset, pa.offset + buffers_[a].bytes, b,
                         buffers_[b].name.c_str(), pb.offset, pb.offset + buffers_[b].bytes,
                         pools_[pa.pool].name.c_str(), step)
        .WithPool(pa.pool);
  }

  std::span<const BufferRequest> buffers_;
  std::span<const PoolSpec> pools_;
  const MemoryPlan& plan_;
  std::vector<LiveSet> live_;
  std::vector<uint8_t> kept_;                   // in live_
  std::vector<int32_t> covered_by_;             // -1, or the live buffer holding its bytes
  std::vector<std::vector<int32_t>> covers_;    // inverse of covered_by_
  std::vector<std::vector<int32_t>> partners_;  // the buffers tied to each, either way
};

Status CheckNoOverlap(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                      const MemoryPlan& plan) {
  struct Event {
    int64_t step;
    bool enters;
    size_t buffer;
  };
  std::vector<Event> events;
  events.reserve(buffers.size() * 2);
  for (size_t i = 0; i < buffers.size(); ++i) {
    events.push_back({buffers[i].first_step, true, i});
    events.push_back({static_cast<int64_t>(buffers[i].last_step) + 1, false, i});
  }
  std::sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    if (a.step != b.step) return a.step < b.step;
    if (a.enters != b.enters) return !a.enters;
    return a.buffer < b.buffer;
  });
  OverlapSweep sweep(buffers, pools, plan);
  for (const Event& event : events) {
    const auto step = static_cast<int32_t>(event.step);
    ARENASTORE_RETURN_IF_ERROR(event.enters ? sweep.Enter(event.buffer, step)
                                            : sweep.Leave(event.buffer, step));
  }
  return Status::Ok();
}

}  // namespace

Status ValidatePlan(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                    const MemoryPlan& plan) {
  ARENASTORE_RETURN_IF_ERROR(CheckRequestsAndPools(buffers, pools));
  ARENASTORE_CHECK_OR_RETURN(plan.placements.size() == buffers.size(), ErrorCode::kPlanInvalid,
                             "plan has %zu placements for %zu buffers", plan.placements.size(),
                             buffers.size());
  ARENASTORE_CHECK_OR_RETURN(plan.pool_bytes.size() == pools.size(), ErrorCode::kPlanInvalid,
                             "plan has %zu planned pool sizes for %zu pools",
                             plan.pool_bytes.size(), pools.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    ARENASTORE_RETURN_IF_ERROR(CheckPlacement(i, buffers[i], pools, plan));
  }
  ARENASTORE_RETURN_IF_ERROR(CheckPoolSizes(pools, plan));
  ARENASTORE_RETURN_IF_ERROR(CheckTiePlacements(buffers, pools, plan));
  return CheckNoOverlap(buffers, pools, plan);
}

}  // namespace arenastore::planner
