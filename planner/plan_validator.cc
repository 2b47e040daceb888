#include "planner/plan_validator.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <set>
#include <utility>
#include <vector>

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
  return Status::Ok();
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

// Invariant 7. Buffers leave the live set at last_step + 1 before others enter at that step;
// the intervals live in one pool are disjoint, so a new one can only overlap its neighbors
// in offset order.
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

  using LiveSet = std::set<std::pair<size_t, size_t>>;  // (offset, buffer)
  std::vector<LiveSet> live(pools.size());
  for (const Event& event : events) {
    const Placement& placed = plan.placements[event.buffer];
    LiveSet& pool_live = live[placed.pool];
    if (!event.enters) {
      pool_live.erase({placed.offset, event.buffer});
      continue;
    }
    const size_t end = placed.offset + buffers[event.buffer].bytes;
    const auto after = pool_live.lower_bound({placed.offset, 0});
    size_t other = buffers.size();
    if (after != pool_live.end() && after->first < end) other = after->second;
    if (after != pool_live.begin()) {
      const size_t before = std::prev(after)->second;
      const Placement& before_placed = plan.placements[before];
      if (before_placed.offset + buffers[before].bytes > placed.offset) other = before;
    }
    if (other != buffers.size()) {
      const size_t a = std::min(other, event.buffer);
      const size_t b = std::max(other, event.buffer);
      const Placement& pa = plan.placements[a];
      const Placement& pb = plan.placements[b];
      return Status::Error(ErrorCode::kPlanInvalid,
                           "buffers %zu '%s' [%zu, %zu) and %zu '%s' [%zu, %zu) overlap in pool "
                           "'%s' at step %d",
                           a, buffers[a].name.c_str(), pa.offset, pa.offset + buffers[a].bytes, b,
                           buffers[b].name.c_str(), pb.offset, pb.offset + buffers[b].bytes,
                           pools[placed.pool].name.c_str(), static_cast<int32_t>(event.step))
          .WithPool(placed.pool);
    }
    pool_live.insert({placed.offset, event.buffer});
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
  return CheckNoOverlap(buffers, pools, plan);
}

}  // namespace arenastore::planner
