#include "planner/greedy_by_conflicts.h"

#include <algorithm>
#include <numeric>

namespace arenastore::planner {

std::vector<int32_t> GreedyByConflictsOrder(std::span<const BufferRequest> buffers,
                                            const LifetimeConflicts& conflicts) {
  std::vector<size_t> pressure(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    pressure[i] = ReservedBytes(buffers[i]);
    for (int32_t other : conflicts.Of(static_cast<int32_t>(i))) {
      pressure[i] += ReservedBytes(buffers[other]);
    }
  }
  auto lifetime = [&](int32_t i) {
    return static_cast<int64_t>(buffers[i].last_step) - buffers[i].first_step;
  };
  std::vector<int32_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    if (pressure[a] != pressure[b]) return pressure[a] > pressure[b];
    const size_t size_a = ReservedBytes(buffers[a]);
    const size_t size_b = ReservedBytes(buffers[b]);
    if (size_a != size_b) return size_a > size_b;
    if (lifetime(a) != lifetime(b)) return lifetime(a) > lifetime(b);
    return a < b;
  });
  return order;
}

}  // namespace arenastore::planner
