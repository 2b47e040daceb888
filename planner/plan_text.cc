#include "planner/plan_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "planner/lower_bound.h"

namespace arenastore::planner {
namespace {

std::string Ratio(size_t planned_bytes, size_t lower_bound_bytes) {
  if (lower_bound_bytes == 0) return "-";
  return fmt::format("{:.3f}x", static_cast<double>(planned_bytes) / lower_bound_bytes);
}

std::string Steps(const BufferRequest& buffer) {
  if (buffer.first_step == buffer.last_step) return fmt::format("{}", buffer.first_step);
  return fmt::format("{}-{}", buffer.first_step, buffer.last_step);
}

void AppendRows(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                const MemoryPlan& plan, std::string* out) {
  std::vector<size_t> rows(buffers.size());
  std::iota(rows.begin(), rows.end(), 0);
  std::sort(rows.begin(), rows.end(), [&](size_t a, size_t b) {
    const Placement& pa = plan.placements[a];
    const Placement& pb = plan.placements[b];
    if (pa.pool != pb.pool) return pa.pool < pb.pool;
    if (pa.offset != pb.offset) return pa.offset < pb.offset;
    return a < b;
  });
  size_t name_width = 6;
  for (const BufferRequest& buffer : buffers) name_width = std::max(name_width, buffer.name.size());
  size_t pool_width = 4;
  for (const PoolSpec& pool : pools) pool_width = std::max(pool_width, pool.name.size());
  *out += fmt::format("{:<{}}  {:<{}}  {:>10}  {:>10}  {:<11}  {}\n", "buffer", name_width, "pool",
                      pool_width, "offset", "bytes", "steps", "kind");
  for (size_t i : rows) {
    const BufferRequest& buffer = buffers[i];
    const Placement& placed = plan.placements[i];
    *out += fmt::format("{:<{}}  {:<{}}  {:>10}  {:>10}  {:<11}  {}\n", buffer.name, name_width,
                        pools[placed.pool].name, pool_width, placed.offset, buffer.bytes,
                        Steps(buffer), buffer.is_scratch ? "scratch" : "tensor");
  }
}

void AppendPoolSummaries(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                         const MemoryPlan& plan, std::string* out) {
  for (size_t p = 0; p < pools.size(); ++p) {
    std::vector<BufferRequest> in_pool;
    for (size_t i = 0; i < buffers.size(); ++i) {
      if (plan.placements[i].pool == static_cast<int32_t>(p)) in_pool.push_back(buffers[i]);
    }
    const LiveSetPeak peak = LargestLiveSet(in_pool);
    const PoolSpec& pool = pools[p];
    const std::string capacity =
        pool.capacity_bytes == 0 ? "(unbounded)" : fmt::format("of {} B", pool.capacity_bytes);
    *out += fmt::format(
        "pool '{}': planned {} B {}, lower bound {} B (ratio {}), {} buffers, peak at step {}\n",
        pool.name, plan.pool_bytes[p], capacity, peak.bytes, Ratio(plan.pool_bytes[p], peak.bytes),
        in_pool.size(), peak.step);
  }
}

}  // namespace

std::string FormatPlanTable(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                            const MemoryPlan& plan) {
  std::string out;
  AppendRows(buffers, pools, plan, &out);
  AppendPoolSummaries(buffers, pools, plan, &out);
  const size_t total = plan.PlannedBytes();
  out += fmt::format("total: planned {} B, lower bound {} B at step {} (ratio {}), algorithm {}\n",
                     total, plan.lower_bound_bytes, plan.peak_step,
                     Ratio(total, plan.lower_bound_bytes), plan.algorithm);
  return out;
}

}  // namespace arenastore::planner
