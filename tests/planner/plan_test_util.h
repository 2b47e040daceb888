// Helpers shared by the planner placement tests: terse buffer requests, chains, and random
// instances (deterministic for a seed). Test-only; heap OK.
#pragma once

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "planner/memory_plan.h"

namespace arenastore::planner {

// "t" + std::to_string(i) trips GCC 12's -Wrestrict false positive at -O3; this does not.
inline std::string Named(const char* prefix, size_t index) {
  std::string name = prefix;
  name += std::to_string(index);
  return name;
}

inline BufferRequest Buffer(std::string name, size_t bytes, int32_t first_step, int32_t last_step,
                            uint32_t alignment = 16, int32_t pinned_pool = -1) {
  BufferRequest buffer{std::move(name), bytes, first_step, last_step};
  buffer.alignment = alignment;
  buffer.pinned_pool = pinned_pool;
  return buffer;
}

// Op i produces buffer i, consumed by op i + 1: buffer i lives over steps [i, i + 1].
inline std::vector<BufferRequest> Chain(const std::vector<size_t>& sizes) {
  std::vector<BufferRequest> buffers;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const auto step = static_cast<int32_t>(i);
    buffers.push_back(Buffer(Named("t", i), sizes[i], step, step + 1));
  }
  return buffers;
}

inline std::vector<PoolSpec> OneUnboundedPool() { return {PoolSpec{"sram", 0, 16}}; }

inline size_t TotalBytes(const MemoryPlan& plan) {
  return std::accumulate(plan.pool_bytes.begin(), plan.pool_bytes.end(), size_t{0});
}

inline Placement PlacementOf(const MemoryPlan& plan, size_t buffer) {
  return plan.placements[buffer];
}

// `count` buffers with random sizes (1 B to 4 KiB), alignments (1 to 16) and lifetimes of up
// to `max_steps_live` steps within [0, count / 2].
inline std::vector<BufferRequest> RandomBuffers(std::mt19937_64& random, int32_t count,
                                                int32_t max_steps_live) {
  std::vector<BufferRequest> buffers;
  for (int32_t i = 0; i < count; ++i) {
    const auto first = static_cast<int32_t>(random() % (count / 2 + 1));
    const auto live = static_cast<int32_t>(random() % max_steps_live);
    const uint32_t alignment = 1u << (random() % 5);
    buffers.push_back(Buffer(Named("b", static_cast<size_t>(i)), 1 + random() % 4096, first,
                             first + live, alignment));
  }
  return buffers;
}

inline constexpr PlacementAlgorithm kEveryAlgorithm[] = {
    PlacementAlgorithm::kGreedyBySize, PlacementAlgorithm::kGreedyByConflicts,
    PlacementAlgorithm::kSearch, PlacementAlgorithm::kAuto};

inline PlanOptions With(PlacementAlgorithm algorithm) {
  PlanOptions options;
  options.algorithm = algorithm;
  return options;
}

}  // namespace arenastore::planner
