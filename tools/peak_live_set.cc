#include "tools/peak_live_set.h"

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

}  // namespace arenastore::cli
