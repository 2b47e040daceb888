// Synthetic buffer requests shaped like a long int8 network, for the planner benchmark and
// tests: op i produces one activation consumed by op i + 1; every 4th activation also feeds a
// residual add 2-6 ops later; one op in 1000 keeps a long skip connection alive for op_count/20
// steps; every even op has a one-step scratch buffer. About 1.5 buffers per op. Sizes are
// multiples of 16 (activations 1-64 KiB, scratch 256 B-16 KiB). Host-only; deterministic for
// a seed (std::mt19937_64 is specified exactly by the standard). TangledBuffers adds a dense
// random case where the search has work to do.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "planner/memory_plan.h"

namespace arenastore::cli {

inline std::vector<planner::BufferRequest> SyntheticBuffers(int32_t op_count, uint64_t seed = 1) {
  std::mt19937_64 random(seed);
  auto uniform = [&](uint64_t low, uint64_t high) { return low + random() % (high - low + 1); };
  const int32_t last_op = op_count - 1;
  const int32_t long_skip_steps = std::max(op_count / 20, 2);
  std::vector<planner::BufferRequest> buffers;
  buffers.reserve(static_cast<size_t>(op_count) * 3 / 2 + 1);
  for (int32_t op = 0; op < op_count; ++op) {
    planner::BufferRequest activation;
    activation.name = "tensor ";  // appended, not operator+: GCC 12 -Wrestrict false positive
    activation.name += std::to_string(op);
    activation.bytes = 16 * uniform(64, 4096);
    activation.first_step = op;
    activation.last_step = std::min(op + 1, last_op);
    if (op % 4 == 0)
      activation.last_step = std::min(op + static_cast<int32_t>(uniform(2, 6)), last_op);
    if (op % 1000 == 500) activation.last_step = std::min(op + long_skip_steps, last_op);
    buffers.push_back(std::move(activation));
    if (op % 2 == 0) {
      planner::BufferRequest scratch;
      scratch.name = "scratch of op ";
      scratch.name += std::to_string(op);
      scratch.bytes = 16 * uniform(16, 1024);
      scratch.first_step = op;
      scratch.last_step = op;
      scratch.is_scratch = true;
      buffers.push_back(std::move(scratch));
    }
  }
  return buffers;
}

// A harder case for the placement search: `count` buffers of 16 B-1 KiB with random lifetimes
// of up to `max_steps_live` steps over count / 2 steps, so dozens are live at once and neither
// greedy order reaches the lower bound.
inline std::vector<planner::BufferRequest> TangledBuffers(int32_t count, int32_t max_steps_live,
                                                          uint64_t seed = 1) {
  std::mt19937_64 random(seed);
  std::vector<planner::BufferRequest> buffers(static_cast<size_t>(count));
  for (int32_t i = 0; i < count; ++i) {
    planner::BufferRequest& buffer = buffers[i];
    buffer.name = "buffer ";
    buffer.name += std::to_string(i);
    buffer.first_step = static_cast<int32_t>(random() % (count / 2 + 1));
    buffer.last_step = buffer.first_step + static_cast<int32_t>(random() % max_steps_live);
    buffer.bytes = 16 * (1 + random() % 64);
  }
  return buffers;
}

}  // namespace arenastore::cli
