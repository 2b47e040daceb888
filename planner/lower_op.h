// Lowering: one graph operator -> the kernels' OpParams (shapes resolved, padding computed,
// float scales turned into fixed-point multipliers as TensorFlow Lite does at prepare time).
// Called by the compile pipeline to size scratch and to write the artifact; the runtime builds
// the same params from the artifact (runtime/op_params_builder) and a test keeps both equal.
// Errors: kPlanInvalidGraph naming the op when shapes or quantization do not fit the kind.
#pragma once

#include <cstddef>
#include <vector>

#include "base/result.h"
#include "kernels/op_params.h"
#include "planner/graph.h"

namespace arenastore::planner {

class LoweredOp {
 public:
  // The kernel params; requantization pointers refer to this object's storage, so call it
  // again after copying or moving the LoweredOp.
  kernels::OpParams Params() const;

  // Per-channel (or single) multipliers and shifts; empty for ops without requantization.
  const std::vector<int32_t>& multipliers() const { return multipliers_; }
  const std::vector<int32_t>& shifts() const { return shifts_; }

 private:
  friend Result<LoweredOp> LowerOp(const Graph& graph, size_t op_index);
  kernels::OpParams params_{};
  std::vector<int32_t> multipliers_;
  std::vector<int32_t> shifts_;
};

Result<LoweredOp> LowerOp(const Graph& graph, size_t op_index);

}  // namespace arenastore::planner
