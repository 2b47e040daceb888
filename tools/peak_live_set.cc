#include "tools/peak_live_set.h"

#include <algorithm>

#include "planner/artifact_reader.h"
#include "planner/buffer_ties.h"

namespace arenastore::cli {

namespace {

bool LiveAt(const planner::BufferRequest& buffer, int32_t step) {
  return buffer.first_step <= step && step <= buffer.last_step;
}

}  // namespace

PeakLiveSet LiveSetAt(const std::vector<planner::BufferRequest>& buffers, int32_t step) {
  PeakLiveSet live;
  for (size_t i = 0; i < buffers.size(); ++i) {
    const planner::BufferRequest& buffer = buffers[i];
    if (!LiveAt(buffer, step)) continue;
    live.bytes += buffer.bytes;
    live.buffers.push_back(static_cast<int32_t>(i));
    // A buffer tied inside (or around) a live one adds only the bytes the two do not share.
    if (buffer.tied_to >= 0 && LiveAt(buffers[buffer.tied_to], step)) {
      const planner::BufferRequest& other = buffers[buffer.tied_to];
      live.bytes -= std::min({planner::SharedBytes(other, buffer, buffer.tied_offset_bytes),
                              buffer.bytes, other.bytes});
    }
  }
  return live;
}

nlohmann::json PeakJson(const runtime::ArtifactView& view) {
  auto plan = planner::ReadPlan(view);
  if (!plan.ok()) return {{"error", plan.status().message()}};
  const int32_t step = plan->plan.peak_step;
  const PeakLiveSet live = LiveSetAt(plan->buffers, step);
  nlohmann::json buffers = nlohmann::json::array();
  for (int32_t buffer : live.buffers) {
    buffers.push_back({{"name", plan->buffers[buffer].name},
                       {"bytes", plan->buffers[buffer].bytes},
                       {"scratch", plan->buffers[buffer].is_scratch}});
  }
  return {{"step", step}, {"bytes", live.bytes}, {"buffers", buffers}};
}

}  // namespace arenastore::cli
