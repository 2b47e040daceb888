// The buffers alive at one step of a plan (the peak step, in reports): what `compile` prints
// under "peak" and what the Python module's Artifact.plan shows, from the compiler's buffers or
// from those read back out of an artifact (planner/artifact_reader.h). Host-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/memory_plan.h"
#include "runtime/artifact_view.h"

namespace arenastore::cli {

struct PeakLiveSet {
  size_t bytes = 0;  // a tied pair's shared bytes counted once (planner/buffer_ties.h)
  std::vector<int32_t> buffers;  // indices into the buffers given
};

PeakLiveSet LiveSetAt(const std::vector<planner::BufferRequest>& buffers, int32_t step);

// The buffers alive at the artifact's peak step, read back from it as compile saw them:
// {"step", "bytes", "buffers": [{"name", "bytes", "scratch"}]} (`inspect --json`'s plan.peak and
// the Python module's Artifact.plan); {"error": ...} when the plan cannot be read back.
nlohmann::json PeakJson(const runtime::ArtifactView& view);

}  // namespace arenastore::cli
