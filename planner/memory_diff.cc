#include "planner/memory_diff.h"

#include <algorithm>

#include "kernels/op_kind.h"

namespace arenastore::planner {
namespace {

std::string PoolName(const runtime::ArtifactView& view, int32_t index) {
  const auto* name = view.pool(index).name();
  return name == nullptr ? std::string() : name->str();
}

PoolBytesChange& ChangeFor(const std::string& pool, MemoryDiff* diff) {
  for (PoolBytesChange& change : diff->pools) {
    if (change.pool == pool) return change;
  }
  diff->pools.push_back({pool, 0, 0});
  return diff->pools.back();
}

}  // namespace

MemoryDiff DiffMemory(const runtime::ArtifactView& before, const runtime::ArtifactView& after) {
  MemoryDiff diff;
  for (int32_t p = 0; p < before.pool_count(); ++p) {
    const uint64_t bytes = before.pool(p).planned_bytes();
    ChangeFor(PoolName(before, p), &diff).before_bytes += bytes;
    diff.before_bytes += bytes;
  }
  for (int32_t p = 0; p < after.pool_count(); ++p) {
    const uint64_t bytes = after.pool(p).planned_bytes();
    ChangeFor(PoolName(after, p), &diff).after_bytes += bytes;
    diff.after_bytes += bytes;
  }
  const int32_t ops = std::min(before.operator_count(), after.operator_count());
  for (int32_t i = 0; i < ops; ++i) {
    const uint64_t was = before.PlannedScratchBytes(i);
    const uint64_t now = after.PlannedScratchBytes(i);
    if (was == now) continue;
    const char* kind = kernels::OpKindName(static_cast<kernels::OpKind>(before.op(i).kind()));
    diff.scratch.push_back({i, kind == nullptr ? "unknown" : kind, was, now});
  }
  return diff;
}

}  // namespace arenastore::planner
