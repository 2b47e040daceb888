#include "planner/aliasing.h"

#include <algorithm>

#include "planner/lower_op.h"
#include "runtime/runtime_op.h"

namespace arenastore::planner {
namespace {

// The part's start in its whole, as the op declares it (OpAliasing::part_start); -1 when the op
// does not lower (it fails compiling anyway) or the part is not one contiguous run.
int64_t PartStart(const Graph& graph, size_t op_index, size_t part) {
  auto lowered = LowerOp(graph, op_index);
  if (!lowered.ok()) return -1;
  const kernels::OpParams params = lowered->Params();
  return runtime::RuntimeOpOf(graph.ops[op_index].kind)->aliasing.part_start(params, part);
}

struct Host {
  int32_t tensor = -1;
  size_t offset_bytes = 0;
};

}  // namespace

InputAliasing AliasingOf(kernels::OpKind kind) {
  const runtime::RuntimeOp* unit = runtime::RuntimeOpOf(kind);
  return unit == nullptr ? InputAliasing::kNever : unit->aliasing.when;
}

std::optional<size_t> OutputOffsetInInput(const Graph& graph, size_t op_index, size_t output) {
  const Op& op = graph.ops[op_index];
  const InputAliasing aliasing = AliasingOf(op.kind);
  if (aliasing == InputAliasing::kNever || aliasing == InputAliasing::kGathersInputs ||
      op.inputs.empty() || op.inputs[0] < 0 || output >= op.outputs.size()) {
    return std::nullopt;
  }
  const Tensor& input = graph.tensors[op.inputs[0]];
  if (input.is_constant || input.is_variable) return std::nullopt;
  if (AliasingOf(op.kind) == InputAliasing::kAlways) return 0;
  if (input.type != graph.tensors[op.outputs[output]].type) return std::nullopt;
  const int64_t start = PartStart(graph, op_index, output);
  if (start < 0) return std::nullopt;
  return static_cast<size_t>(start);
}

bool OutputsAliasInput(const Graph& graph, size_t op_index) {
  const Op& op = graph.ops[op_index];
  if (op.outputs.empty()) return false;
  for (size_t k = 0; k < op.outputs.size(); ++k) {
    if (!OutputOffsetInInput(graph, op_index, k).has_value()) return false;
  }
  return true;
}

std::optional<size_t> InputOffsetInOutput(const Graph& graph, size_t op_index, size_t input) {
  const Op& op = graph.ops[op_index];
  if (AliasingOf(op.kind) != InputAliasing::kGathersInputs || input >= op.inputs.size() ||
      op.outputs.size() != 1) {
    return std::nullopt;
  }
  const int32_t tensor = op.inputs[input];
  if (tensor < 0 || graph.tensors[tensor].is_constant || graph.tensors[tensor].is_variable ||
      std::find(graph.inputs.begin(), graph.inputs.end(), tensor) != graph.inputs.end() ||
      graph.tensors[tensor].type != graph.tensors[op.outputs[0]].type) {
    return std::nullopt;
  }
  const int64_t start = PartStart(graph, op_index, input);
  if (start < 0) return std::nullopt;
  return static_cast<size_t>(start);
}

AliasRoots FindAliasRoots(const Graph& graph, const AliasFilter& keep) {
  std::vector<Host> host(graph.tensors.size());
  auto place = [&](int32_t tensor, int32_t in, size_t offset_bytes) {
    if (host[tensor].tensor >= 0 || (keep && !keep(tensor, in, offset_bytes))) return;
    host[tensor] = {in, offset_bytes};
  };
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    const Op& op = graph.ops[i];
    for (size_t k = 0; k < op.outputs.size(); ++k) {
      const std::optional<size_t> offset = OutputOffsetInInput(graph, i, k);
      if (offset.has_value()) place(op.outputs[k], op.inputs[0], *offset);
    }
  }
  // A gathered input's host is a later op's output, never one of its own aliases: no cycle.
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    const Op& op = graph.ops[i];
    for (size_t k = 0; k < op.inputs.size(); ++k) {
      const std::optional<size_t> offset = InputOffsetInOutput(graph, i, k);
      if (offset.has_value()) place(op.inputs[k], op.outputs[0], *offset);
    }
  }
  AliasRoots roots;
  roots.root.resize(graph.tensors.size());
  roots.offset_bytes.assign(graph.tensors.size(), 0);
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    auto owner = static_cast<int32_t>(t);
    size_t offset_bytes = 0;
    while (host[owner].tensor >= 0) {
      offset_bytes += host[owner].offset_bytes;
      owner = host[owner].tensor;
    }
    roots.root[t] = owner;
    roots.offset_bytes[t] = offset_bytes;
  }
  return roots;
}

}  // namespace arenastore::planner
