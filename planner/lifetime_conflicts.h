// Lifetime conflicts: for every buffer, the buffers whose lifetimes share at least one step
// (the edges of the interval graph). Placement only ever compares a buffer with these, which
// keeps first-fit at O(degree log degree) per buffer instead of O(n). Host-only, heap OK;
// built once per plan in O(n log n + edges) by a sweep; no errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "planner/memory_plan.h"

namespace arenastore::planner {

class LifetimeConflicts {
 public:
  explicit LifetimeConflicts(std::span<const BufferRequest> buffers);

  // Buffers live at some step where `buffer` is live, excluding itself; no particular order.
  std::span<const int32_t> Of(int32_t buffer) const {
    return {neighbors_.data() + starts_[buffer], starts_[buffer + 1] - starts_[buffer]};
  }
  size_t buffer_count() const { return starts_.size() - 1; }
  // Number of conflicting pairs.
  size_t pair_count() const { return neighbors_.size() / 2; }

 private:
  std::vector<size_t> starts_;  // compressed rows: Of(i) = neighbors_[starts_[i], starts_[i+1])
  std::vector<int32_t> neighbors_;
};

}  // namespace arenastore::planner
