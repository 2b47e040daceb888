#include "planner/greedy_by_size.h"

#include <algorithm>
#include <numeric>

namespace arenastore::planner {

std::vector<int32_t> GreedyBySizeOrder(std::span<const BufferRequest> buffers) {
  std::vector<int32_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  auto lifetime = [&](int32_t i) {
    return static_cast<int64_t>(buffers[i].last_step) - buffers[i].first_step;
  };
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    const size_t size_a = ReservedBytes(buffers[a]);
    const size_t size_b = ReservedBytes(buffers[b]);
    if (size_a != size_b) return size_a > size_b;
    if (lifetime(a) != lifetime(b)) return lifetime(a) > lifetime(b);
    return a < b;
  });
  return order;
}

}  // namespace arenastore::planner
