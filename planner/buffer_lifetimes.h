// Buffer lifetimes: turns a scheduled graph and per-op scratch sizes into the buffer requests
// the placement algorithms plan. Called by the compile pipeline.
// Rules: an activation lives from its producer's step to its last consumer's step; graph
// inputs are live from step 0, graph outputs until the last step (the caller writes inputs
// before Invoke and reads outputs after); a scratch buffer lives only during its operator;
// a reshape's output aliases its input (one buffer, the union of both lifetimes).
#pragma once

#include <cstddef>
#include <vector>

#include "planner/graph.h"
#include "planner/memory_plan.h"

namespace arenastore::planner {

struct BufferAssignment {
  std::vector<BufferRequest> buffers;
  std::vector<int32_t> buffer_of_tensor;      // -1 for constants and unused tensors
  std::vector<int32_t> scratch_buffer_of_op;  // -1 when the op needs no scratch
};

// `scratch_bytes[i]` is op i's scratch need; `io_pool` >= 0 pins graph inputs and outputs.
BufferAssignment AssignBuffers(const Graph& graph, const std::vector<size_t>& scratch_bytes,
                               int32_t io_pool);

}  // namespace arenastore::planner
