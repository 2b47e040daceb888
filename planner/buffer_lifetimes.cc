#include "planner/buffer_lifetimes.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "planner/aliasing.h"

namespace arenastore::planner {
namespace {

int32_t TieRoot(const std::vector<BufferRequest>& buffers, int32_t buffer) {
  while (buffers[buffer].tied_to >= 0) buffer = buffers[buffer].tied_to;
  return buffer;
}

// Makes `buffer` the root of its tie tree, reversing the ties on its way to the old root.
void Reroot(std::vector<BufferRequest>& buffers, int32_t buffer) {
  int32_t child = buffer, parent = buffers[buffer].tied_to;
  int64_t child_offset = buffers[buffer].tied_offset_bytes;
  buffers[buffer].tied_to = -1;
  buffers[buffer].tied_offset_bytes = 0;
  while (parent >= 0) {
    const int32_t next = buffers[parent].tied_to;
    const int64_t next_offset = buffers[parent].tied_offset_bytes;
    buffers[parent].tied_to = child;
    buffers[parent].tied_offset_bytes = -child_offset;
    child = parent;
    parent = next;
    child_offset = next_offset;
  }
}

// Ties the buffer of op `step`'s first input to its output's where the form puts it
// (kernels/exec_form.h): the output's first byte at the input's, or a larger output ending where
// the input ends. False when the two already share a unit (or a buffer).
bool TieOverInput(const Graph& graph, size_t step, BufferAssignment* assignment) {
  const Op& op = graph.ops[step];
  if (op.inputs.empty() || op.outputs.size() != 1 || op.inputs[0] < 0) return false;
  const int32_t in = op.inputs[0], out = op.outputs[0];
  const size_t lead_bytes =
      kernels::OverInputLeadBytes(graph.tensors[in].bytes(), graph.tensors[out].bytes());
  return TieOutputToInput(in, out, -static_cast<int64_t>(lead_bytes), assignment);
}

}  // namespace

bool TieOutputToInput(int32_t in, int32_t out, int64_t out_from_in_bytes,
                      BufferAssignment* assignment) {
  std::vector<BufferRequest>& buffers = assignment->buffers;
  const int32_t in_buffer = assignment->buffer_of_tensor[in];
  const int32_t out_buffer = assignment->buffer_of_tensor[out];
  if (in_buffer < 0 || out_buffer < 0 ||
      TieRoot(buffers, in_buffer) == TieRoot(buffers, out_buffer)) {
    return false;
  }
  // The input's buffer sits this far from the output's.
  const int64_t in_from_out = static_cast<int64_t>(assignment->offset_in_buffer_bytes[out]) -
                              out_from_in_bytes -
                              static_cast<int64_t>(assignment->offset_in_buffer_bytes[in]);
  if (buffers[in_buffer].tied_to >= 0) Reroot(buffers, in_buffer);
  buffers[in_buffer].tied_to = out_buffer;
  buffers[in_buffer].tied_offset_bytes = in_from_out;
  return true;
}

BufferAssignment AssignBuffers(const Graph& graph, const std::vector<size_t>& scratch_bytes,
                               PinnedPools pinned, const AliasFilter& keep_alias,
                               std::span<const kernels::ExecForm> forms) {
  const int32_t last_step = std::max<int32_t>(0, static_cast<int32_t>(graph.ops.size()) - 1);
  const AliasRoots roots = FindAliasRoots(graph, keep_alias);
  const std::vector<int32_t>& root = roots.root;
  BufferAssignment result;
  result.buffer_of_tensor.assign(graph.tensors.size(), -1);
  result.offset_in_buffer_bytes = roots.offset_bytes;
  result.scratch_buffer_of_op.assign(graph.ops.size(), -1);

  auto touch = [&](int32_t tensor, int32_t step) {
    if (tensor < 0 || graph.tensors[tensor].is_constant) return;
    if (graph.tensors[tensor].is_variable) step = last_step;  // spans [0, last] below
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
  // State first, so its buffers keep the order of the tensors whatever the schedule.
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    if (!graph.tensors[t].is_variable) continue;
    touch(static_cast<int32_t>(t), 0);
    BufferRequest& request = result.buffers[result.buffer_of_tensor[t]];
    request.first_step = 0;
    request.alignment = static_cast<uint32_t>(ElementBytes(graph.tensors[t].type));
    request.pinned_pool = pinned.state;
  }
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
  if (pinned.io >= 0) {
    for (int32_t tensor : graph.inputs)
      result.buffers[result.buffer_of_tensor[tensor]].pinned_pool = pinned.io;
    for (int32_t tensor : graph.outputs)
      result.buffers[result.buffer_of_tensor[tensor]].pinned_pool = pinned.io;
  }
  for (size_t step = 0; step < forms.size() && step < graph.ops.size(); ++step) {
    if (forms[step] == kernels::ExecForm::kOverInput && !TieOverInput(graph, step, &result)) {
      result.ties_hold = false;
    }
  }
  return result;
}

}  // namespace arenastore::planner
