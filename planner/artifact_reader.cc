#include "planner/artifact_reader.h"

#include <cstring>
#include <string>

#include "planner/buffer_lifetimes.h"
#include "planner/lower_op.h"
#include "planner/options_reading.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace {

using kernels::OpKind;

std::string Str(const flatbuffers::String* text) { return text == nullptr ? "" : text->str(); }

Tensor ReadTensor(const runtime::ArtifactView& view, const schema::Tensor& source) {
  Tensor tensor;
  tensor.name = Str(source.name());
  tensor.type = static_cast<DataType>(source.type());  // the same values
  tensor.shape = CopyVector(source.shape());
  if (const schema::Quantization* q = source.quantization(); q != nullptr) {
    tensor.quantization.scales = CopyVector(q->scale());
    tensor.quantization.zero_points = CopyVector(q->zero_point());
    tensor.quantization.quantized_dimension = q->quantized_dimension();
  }
  tensor.is_constant = source.pool() < 0;
  tensor.is_variable =
      !tensor.is_constant && view.pool(source.pool()).kind() == schema::PoolKind::STATE;
  if (tensor.is_constant) {
    const uint8_t* data = view.ConstantData(source);
    tensor.data.assign(data, data + source.bytes());
  }
  return tensor;
}

Status Unsupported(int32_t op_index, const char* what) {
  return Status::Error(ErrorCode::kImportUnsupported,
                       "op %d: %s; this planner cannot re-plan the artifact (a newer arenastore "
                       "may)",
                       op_index, what)
      .WithOp(op_index);
}

// Whether the op, lowered with its current attributes, has exactly the pads the artifact recorded.
bool LowersToPads(const Graph& graph, size_t op_index, const PaddingHooks& hooks,
                  const RecordedPads& pads) {
  auto lowered = LowerOp(graph, op_index);
  if (!lowered.ok()) return false;
  const RecordedPads derived = hooks.lowered(lowered->Params());
  return derived.top == pads.top && derived.left == pads.left;
}

// An EXPLICIT pad becomes whichever of SAME and VALID the planner lowers to exactly the recorded
// pads and shapes; re-planning then proves the whole op equal (artifact_equivalence.h).
Status ResolveExplicitPadding(const runtime::ArtifactView& view, Graph* graph) {
  for (size_t i = 0; i < graph->ops.size(); ++i) {
    const PaddingHooks* hooks = PlannerOpOf(graph->ops[i].kind)->padding;
    if (hooks == nullptr) continue;
    const RecordedPads pads = hooks->recorded(view.op(static_cast<int32_t>(i)));
    if (!pads.is_explicit) continue;
    bool resolved = false;
    for (Padding candidate : {Padding::SAME, Padding::VALID}) {
      std::visit(
          [candidate](auto& a) {
            if constexpr (requires { a.padding; }) a.padding = candidate;
          },
          graph->ops[i].attributes);
      if ((resolved = LowersToPads(*graph, i, *hooks, pads))) break;
    }
    if (!resolved) {
      return Unsupported(static_cast<int32_t>(i),
                         "its explicit padding is neither SAME nor VALID padding");
    }
  }
  return Status::Ok();
}

}  // namespace

Result<Graph> ReadGraph(const runtime::ArtifactView& view) {
  Graph graph;
  graph.name = Str(view.artifact().model_name());
  for (int32_t t = 0; t < view.tensor_count(); ++t) {
    graph.tensors.push_back(ReadTensor(view, view.tensor(t)));
  }
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    const schema::Operator& source = view.op(i);
    if (!view.IsKnownOpKind(i)) return Unsupported(i, "its kind is unknown to this build");
    Op op;
    op.kind = static_cast<OpKind>(source.kind());
    op.inputs = CopyVector(source.inputs());
    op.outputs = CopyVector(source.outputs());
    // Validation made the options table present and of its kind's type.
    ARENASTORE_ASSIGN_OR_RETURN(op.attributes, PlannerOpOf(op.kind)->read(source));
    graph.ops.push_back(std::move(op));
  }
  graph.inputs = CopyVector(view.artifact().inputs());
  graph.outputs = CopyVector(view.artifact().outputs());
  ARENASTORE_RETURN_IF_ERROR(graph.Validate());
  ARENASTORE_RETURN_IF_ERROR(ResolveExplicitPadding(view, &graph));
  return graph;
}

CompileOptions ReadCompileOptions(const runtime::ArtifactView& view) {
  const schema::Artifact& a = view.artifact();
  CompileOptions options;
  options.target_isa = static_cast<kernels::Isa>(a.target_isa());
  options.target_cpu = Str(a.target_cpu());
  for (int32_t p = 0; p < view.pool_count(); ++p) {
    const schema::Pool& pool = view.pool(p);
    options.pools.push_back(PoolConfig{Str(pool.name()), static_cast<size_t>(pool.capacity_bytes()),
                                       static_cast<PoolKind>(pool.kind())});
  }
  options.source_model_sha256 = Str(a.source_model_sha256());
  options.source_model_name = Str(a.source_model_name());
  return options;
}

Result<ArtifactPlan> ReadPlan(const runtime::ArtifactView& view) {
  ARENASTORE_ASSIGN_OR_RETURN(const Graph graph, ReadGraph(view));
  std::vector<size_t> scratch_bytes;
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    scratch_bytes.push_back(view.PlannedScratchBytes(i));
  }
  PinnedPools pinned;
  ArtifactPlan result;
  for (int32_t p = 0; p < view.pool_count(); ++p) {
    const schema::Pool& pool = view.pool(p);
    if (pool.kind() == schema::PoolKind::IO && pinned.io < 0) pinned.io = p;
    const bool state = pool.kind() == schema::PoolKind::STATE;
    if (state && pinned.state < 0) pinned.state = p;
    result.pools.push_back(PoolSpec{Str(pool.name()), static_cast<size_t>(pool.capacity_bytes()),
                                    pool.alignment(), state});
    result.plan.pool_bytes.push_back(static_cast<size_t>(pool.planned_bytes()));
  }
  // An alias stands where the artifact placed the output inside its input's bytes.
  auto placed_inside = [&view](int32_t tensor, int32_t input, size_t offset_bytes) {
    const schema::Tensor& out = view.tensor(tensor);
    const schema::Tensor& in = view.tensor(input);
    return out.pool() == in.pool() && out.offset() == in.offset() + offset_bytes;
  };
  // Each operator's form ties its output's buffer to its input's, as when it was planned.
  std::vector<kernels::ExecForm> forms;
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    forms.push_back(static_cast<kernels::ExecForm>(view.op(i).form()));
  }
  BufferAssignment assignment = AssignBuffers(graph, scratch_bytes, pinned, placed_inside, forms);
  result.plan.placements.assign(assignment.buffers.size(), Placement{0, 0});
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    const int32_t buffer = assignment.buffer_of_tensor[t];
    if (buffer < 0) continue;
    const schema::Tensor& tensor = view.tensor(static_cast<int32_t>(t));
    const size_t offset = static_cast<size_t>(tensor.offset());
    const size_t inside = assignment.offset_in_buffer_bytes[t];  // <= offset: placed_inside
    result.plan.placements[buffer] = {tensor.pool(), offset - inside};
  }
  for (size_t i = 0; i < graph.ops.size(); ++i) {
    const int32_t buffer = assignment.scratch_buffer_of_op[i];
    const schema::Scratch* scratch = view.ScratchOf(static_cast<int32_t>(i));
    if (buffer < 0 || scratch == nullptr) continue;
    result.plan.placements[buffer] = {scratch->pool(), static_cast<size_t>(scratch->offset())};
  }
  const schema::PlanSummary* summary = view.artifact().plan();
  result.plan.algorithm = summary != nullptr ? Str(summary->algorithm()) : "";
  result.plan.lower_bound_bytes = summary != nullptr ? summary->lower_bound_bytes() : 0;
  result.plan.peak_step = summary != nullptr ? summary->peak_step() : -1;
  result.buffers = std::move(assignment.buffers);
  return result;
}

}  // namespace arenastore::planner
