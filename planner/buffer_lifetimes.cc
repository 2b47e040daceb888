#include "planner/buffer_lifetimes.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "planner/aliasing.h"

namespace arenastore::planner {

BufferAssignment AssignBuffers(const Graph& graph, const std::vector<size_t>& scratch_bytes,
                               int32_t io_pool, const AliasFilter& keep_alias) {
  const int32_t last_step = std::max<int32_t>(0, static_cast<int32_t>(graph.ops.size()) - 1);
  const AliasRoots roots = FindAliasRoots(graph, keep_alias);
  const std::vector<int32_t>& root = roots.root;
  BufferAssignment result;
  result.buffer_of_tensor.assign(graph.tensors.size(), -1);
  result.offset_in_buffer_bytes = roots.offset_bytes;
  result.scratch_buffer_of_op.assign(graph.ops.size(), -1);

  auto touch = [&](int32_t tensor, int32_t step) {
    if (tensor < 0 || graph.tensors[tensor].is_constant) return;
    const int32_t owner = root[tensor];
    int32_t& buffer = result.buffer_of_tensor[owner];
    if (buffer < 0) {
      buffer = static_cast<int32_t>(result.buffers.size());
      BufferRequest request;
      request.name = "tensor " + std::to_string(owner) + " " + graph.tensors[owner].name;
      request.bytes = graph.tensors[owner].bytes();
      request.first_step = step;
      request.last_step = step;
      result.buffers.push_back(request);
    }
    BufferRequest& request = result.buffers[buffer];
    request.first_step = std::min(request.first_step, step);
    request.last_step = std::max(request.last_step, step);
    result.buffer_of_tensor[tensor] = buffer;
  };

  for (int32_t input : graph.inputs) touch(input, 0);
  for (size_t step = 0; step < graph.ops.size(); ++step) {
    const Op& op = graph.ops[step];
    for (int32_t input : op.inputs) touch(input, static_cast<int32_t>(step));
    for (int32_t output : op.outputs) touch(output, static_cast<int32_t>(step));
    if (scratch_bytes[step] > 0) {
      result.scratch_buffer_of_op[step] = static_cast<int32_t>(result.buffers.size());
      BufferRequest request;
      request.name =
          "scratch of op " + std::to_string(step) + " (" + kernels::OpKindName(op.kind) + ")";
      request.bytes = scratch_bytes[step];
      request.first_step = static_cast<int32_t>(step);
      request.last_step = static_cast<int32_t>(step);
      request.is_scratch = true;
      result.buffers.push_back(request);
    }
  }
  for (int32_t output : graph.outputs) touch(output, last_step);
  if (io_pool >= 0) {
    for (int32_t tensor : graph.inputs)
      result.buffers[result.buffer_of_tensor[tensor]].pinned_pool = io_pool;
    for (int32_t tensor : graph.outputs)
      result.buffers[result.buffer_of_tensor[tensor]].pinned_pool = io_pool;
  }
  return result;
}

}  // namespace arenastore::planner
