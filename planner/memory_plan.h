// Memory plan: where every tensor and scratch buffer of a model lives, as (pool, offset).
// Called by the compile pipeline with abstract buffer requests (no graph); host-only, heap OK.
// Errors: kInvalidArgument for malformed requests or pools, kPlanDoesNotFit when some buffer
// fits in no pool's capacity. Every plan PlanMemory returns has passed ValidatePlan.
// Thread-safety: PlanMemory is a pure function of its arguments.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"

namespace arenastore::planner {

struct BufferRequest {
  std::string name;         // for messages ("tensor 12 conv2d_3/out", "scratch of op 7 (conv2d)")
  size_t bytes;             // > 0
  int32_t first_step;       // first execution step (operator index) at which it is live
  int32_t last_step;        // last step, inclusive (>= first_step)
  uint32_t alignment = 16;  // power of two
  bool is_scratch = false;  // for reports and pictures
  int32_t pinned_pool =
      -1;  // >= 0: must go in this pool (e.g. an io pool); -1: first pool where it fits
  // >= 0: this buffer lies at buffer `tied_to`'s offset + `tied_offset_bytes`, in its pool, and
  // the two may share bytes while both are live (an operator writes one over the other,
  // planner/exec_forms.h); planner/buffer_ties.h says which ties are well formed.
  int32_t tied_to = -1;
  int64_t tied_offset_bytes = 0;
};

struct PoolSpec {
  std::string name;
  size_t capacity_bytes = 0;  // 0 = unbounded
  uint32_t alignment = 16;
  bool pinned_only = false;  // holds only the buffers pinned to it (the state pool)
};

struct Placement {
  int32_t pool;
  size_t offset;
};

enum class PlacementAlgorithm { kAuto, kGreedyBySize, kGreedyByConflicts, kSearch };

struct PlanOptions {
  PlacementAlgorithm algorithm = PlacementAlgorithm::kAuto;
  uint64_t seed = 1;
  int32_t search_iterations = 2000;
};

struct MemoryPlan {
  std::vector<Placement> placements;  // one per request, same order
  std::vector<size_t>
      pool_bytes;            // planned bytes per pool (max end, rounded up to the pool alignment)
  std::string algorithm;     // name of the algorithm whose plan won ("greedy_by_size", ...)
  size_t lower_bound_bytes;  // exact lower bound (see lower_bound.h), summed over all buffers
  int32_t peak_step;         // a step where the live sum equals the lower bound; -1 if no buffers

  // The bytes the plan reserves: every pool's planned bytes summed.
  size_t PlannedBytes() const {
    size_t bytes = 0;
    for (const size_t pool : pool_bytes) bytes += pool;
    return bytes;
  }
};

// A buffer reserves its size rounded up to its alignment, as TensorFlow Lite Micro does: then
// no later buffer's aligned offset falls into its padding, and the live-set sum of reserved
// sizes is a true lower bound of any plan (a buffer of 1 B aligned to 16 could otherwise share
// its 16 B with a byte-aligned one). Requests must be valid (bytes small enough not to wrap).
inline size_t ReservedBytes(const BufferRequest& buffer) {
  const size_t mask = static_cast<size_t>(buffer.alignment) - 1;
  return (buffer.bytes + mask) & ~mask;
}

// Plans `buffers` into `pools` with options.algorithm; kAuto runs every algorithm and keeps
// the smallest plan (ties: the simpler algorithm). Deterministic for a given options.seed.
Result<MemoryPlan> PlanMemory(std::span<const BufferRequest> buffers,
                              std::span<const PoolSpec> pools, const PlanOptions& options);

// "auto", "greedy_by_size", "greedy_by_conflicts", "search".
const char* PlacementAlgorithmName(PlacementAlgorithm algorithm);
// Inverse of PlacementAlgorithmName; false (and *algorithm untouched) for unknown names.
bool ParsePlacementAlgorithm(std::string_view name, PlacementAlgorithm* algorithm);

}  // namespace arenastore::planner
