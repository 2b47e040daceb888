#include "planner/scratch_sizer.h"

#include "kernels/registry.h"

namespace arenastore::planner {

size_t KernelScratchSizer::ScratchBytes(const kernels::OpParams& params, kernels::Isa isa) const {
  return kernels::ScratchBytes(params, isa);
}

}  // namespace arenastore::planner
