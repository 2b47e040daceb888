// The buffers alive at one step of a plan (the peak step, in reports): what `compile` prints
// under "peak" and what the Python module's Artifact.plan shows, from the compiler's buffers or
// from those read back out of an artifact (planner/artifact_reader.h). Host-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "planner/memory_plan.h"

namespace arenastore::cli {

struct PeakLiveSet {
  size_t bytes = 0;
  std::vector<int32_t> buffers;  // indices into the buffers given
};

PeakLiveSet LiveSetAt(const std::vector<planner::BufferRequest>& buffers, int32_t step);

}  // namespace arenastore::cli
