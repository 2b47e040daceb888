// ScratchSizer: how the planner learns the scratch bytes each operator's kernel needs.
// Production uses KernelScratchSizer (the kernel library's own size functions for the target
// ISA, the same ones the runtime gate re-evaluates); tests and fleet scenarios inject their
// own to make artifacts whose recorded scratch deliberately differs from the kernels' need.
// Implementations must be pure functions of (params, isa).
#pragma once

#include <cstddef>

#include "kernels/op_params.h"

namespace arenastore::planner {

class ScratchSizer {
 public:
  virtual ~ScratchSizer() = default;
  virtual size_t ScratchBytes(const kernels::OpParams& params, kernels::Isa isa) const = 0;
};

class KernelScratchSizer final : public ScratchSizer {
 public:
  size_t ScratchBytes(const kernels::OpParams& params, kernels::Isa isa) const override;
};

}  // namespace arenastore::planner
