#include "planner/lower_bound.h"

#include <algorithm>

#include "planner/buffer_ties.h"

namespace arenastore::planner {
namespace {

// A buffer enters the live set at first_step and leaves it at last_step + 1. All events of a
// step are applied before the sum is read, so their order within a step does not matter.
struct LifetimeEvent {
  int64_t step;
  int64_t delta_bytes;
};

}  // namespace

LiveSetPeak LargestLiveSet(std::span<const BufferRequest> buffers) {
  std::vector<LifetimeEvent> events;
  events.reserve(buffers.size() * 2);
  for (const BufferRequest& buffer : buffers) {
    const auto reserved = static_cast<int64_t>(ReservedBytes(buffer));
    events.push_back({buffer.first_step, reserved});
    events.push_back({static_cast<int64_t>(buffer.last_step) + 1, -reserved});
  }
  // A tied pair (planner/buffer_ties.h) counts the bytes it shares once while both are live.
  for (const BufferRequest& buffer : buffers) {
    if (buffer.tied_to < 0) continue;
    const BufferRequest& other = buffers[buffer.tied_to];
    const int64_t first = std::max(buffer.first_step, other.first_step);
    const int64_t last = std::min(buffer.last_step, other.last_step);
    const auto shared = static_cast<int64_t>(SharedBytes(other, buffer, buffer.tied_offset_bytes));
    if (first > last || shared == 0) continue;
    events.push_back({first, -shared});
    events.push_back({last + 1, shared});
  }
  std::sort(events.begin(), events.end(),
            [](const LifetimeEvent& a, const LifetimeEvent& b) { return a.step < b.step; });

  LiveSetPeak peak;
  int64_t live_bytes = 0;
  for (size_t i = 0; i < events.size();) {
    const int64_t step = events[i].step;
    for (; i < events.size() && events[i].step == step; ++i) live_bytes += events[i].delta_bytes;
    if (live_bytes > static_cast<int64_t>(peak.bytes)) {
      peak.bytes = static_cast<size_t>(live_bytes);
      peak.step = static_cast<int32_t>(step);
    }
  }
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (buffers[i].first_step <= peak.step && peak.step <= buffers[i].last_step) {
      peak.buffers.push_back(static_cast<int32_t>(i));
    }
  }
  return peak;
}

}  // namespace arenastore::planner
