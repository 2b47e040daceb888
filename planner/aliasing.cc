#include "planner/aliasing.h"

#include "kernels/strided_copy.h"
#include "ops/split/split.h"
#include "planner/lower_op.h"

namespace arenastore::planner {
namespace {

// Where output `output` starts in the input, in elements, when it is one contiguous run of it;
// -1 otherwise. `params` are of a kWhenContiguous op.
int64_t PartStartInInput(const kernels::OpParams& params, size_t output) {
  if (params.kind == kernels::OpKind::kSplit) {
    return kernels::SplitPartStartInInput(params.split, static_cast<int32_t>(output));
  }
  const kernels::StridedCopyParams& walk =
      params.kind == kernels::OpKind::kSlice ? params.slice : params.strided_slice;
  return kernels::StridedCopyIsContiguous(walk) ? walk.input_start : -1;
}

}  // namespace

std::optional<size_t> OutputOffsetInInput(const Graph& graph, size_t op_index, size_t output) {
  const Op& op = graph.ops[op_index];
  if (AliasingOf(op.kind) == InputAliasing::kNever || op.inputs.empty() || op.inputs[0] < 0 ||
      output >= op.outputs.size()) {
    return std::nullopt;
  }
  const Tensor& input = graph.tensors[op.inputs[0]];
  if (input.is_constant) return std::nullopt;
  if (AliasingOf(op.kind) == InputAliasing::kAlways) return 0;
  if (ElementBytes(input.type) != 1 || ElementBytes(graph.tensors[op.outputs[output]].type) != 1) {
    return std::nullopt;
  }
  auto lowered = LowerOp(graph, op_index);  // an op that does not lower fails compiling anyway
  if (!lowered.ok()) return std::nullopt;
  const int64_t start = PartStartInInput(lowered->Params(), output);
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

}  // namespace arenastore::planner
