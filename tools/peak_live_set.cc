#include "tools/peak_live_set.h"

#include "planner/artifact_reader.h"

namespace arenastore::cli {

PeakLiveSet LiveSetAt(const std::vector<planner::BufferRequest>& buffers, int32_t step) {
  PeakLiveSet live;
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (buffers[i].first_step <= step && step <= buffers[i].last_step) {
      live.bytes += buffers[i].bytes;
      live.buffers.push_back(static_cast<int32_t>(i));
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
