// Test helper: a ScratchSizer that records scratch `delta` bytes off what the kernels need, the
// way an artifact planned against another kernel library version looks. Shared by the planner,
// store and tools tests. A surplus goes to every op (an op needing nothing is given `delta`); a
// shortfall only to ops that need scratch, never below zero. Header-only; heap OK.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>

#include "kernels/registry.h"
#include "planner/compile.h"

namespace arenastore::testing {

class SkewedSizer final : public planner::ScratchSizer {
 public:
  // Every op, or only ops of kind `only`.
  explicit SkewedSizer(int64_t delta, std::optional<kernels::OpKind> only = std::nullopt)
      : delta_(delta), only_(only) {}

  size_t ScratchBytes(const kernels::OpParams& params, kernels::Isa isa) const override {
    const size_t need = kernels::ScratchBytes(params, isa);
    if (only_.has_value() && params.kind != *only_) return need;
    if (delta_ >= 0) return need + static_cast<size_t>(delta_);
    return need - std::min(need, static_cast<size_t>(-delta_));
  }

 private:
  int64_t delta_;
  std::optional<kernels::OpKind> only_;
};

}  // namespace arenastore::testing
