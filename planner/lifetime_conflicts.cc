#include "planner/lifetime_conflicts.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace arenastore::planner {

LifetimeConflicts::LifetimeConflicts(std::span<const BufferRequest> buffers) {
  std::vector<int32_t> by_start(buffers.size());
  std::iota(by_start.begin(), by_start.end(), 0);
  std::stable_sort(by_start.begin(), by_start.end(), [&](int32_t a, int32_t b) {
    return buffers[a].first_step < buffers[b].first_step;
  });

  // Sweep by first step: every still-active buffer conflicts with the one that starts, so each
  // scan of `active` either reports a pair or drops an expired buffer (amortized O(1)).
  std::vector<std::pair<int32_t, int32_t>> pairs;
  std::vector<int32_t> active;
  for (int32_t buffer : by_start) {
    const int32_t first_step = buffers[buffer].first_step;
    for (size_t i = 0; i < active.size();) {
      if (buffers[active[i]].last_step < first_step) {
        active[i] = active.back();
        active.pop_back();
      } else {
        pairs.emplace_back(active[i], buffer);
        ++i;
      }
    }
    active.push_back(buffer);
  }

  starts_.assign(buffers.size() + 1, 0);
  for (const auto& [a, b] : pairs) {
    ++starts_[a + 1];
    ++starts_[b + 1];
  }
  std::partial_sum(starts_.begin(), starts_.end(), starts_.begin());
  neighbors_.resize(pairs.size() * 2);
  std::vector<size_t> next(starts_.begin(), starts_.end() - 1);
  for (const auto& [a, b] : pairs) {
    neighbors_[next[a]++] = b;
    neighbors_[next[b]++] = a;
  }
}

}  // namespace arenastore::planner
