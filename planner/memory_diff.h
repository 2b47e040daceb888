// Memory difference between two plans of the same computation: every pool's planned bytes before
// and after, and the operators whose scratch changed. Called by re-planning (store/replan.h) so
// `arenastore replan` and audit --fix can show what a re-plan moved. Host-only, heap OK; no
// errors: both views are verified, and ops are compared by index up to the shorter list.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/artifact_view.h"

namespace arenastore::planner {

struct PoolBytesChange {
  std::string pool;
  uint64_t before_bytes = 0;  // 0 when the pool is absent before
  uint64_t after_bytes = 0;   // 0 when the pool is absent after
};

struct ScratchChange {
  int32_t op_index = 0;
  std::string op_kind;
  uint64_t before_bytes = 0;
  uint64_t after_bytes = 0;
};

struct MemoryDiff {
  std::vector<PoolBytesChange> pools;  // every pool of either plan: the original's order first
  std::vector<ScratchChange> scratch;  // only the ops whose scratch bytes differ
  uint64_t before_bytes = 0;           // planned bytes of every pool, summed
  uint64_t after_bytes = 0;
};

MemoryDiff DiffMemory(const runtime::ArtifactView& before, const runtime::ArtifactView& after);

}  // namespace arenastore::planner
