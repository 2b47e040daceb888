#include "planner/artifact_reader.h"

#include <cstring>
#include <string>

#include "planner/buffer_lifetimes.h"
#include "planner/lower_op.h"

namespace arenastore::planner {
namespace {

using kernels::OpKind;

std::string Str(const flatbuffers::String* text) { return text == nullptr ? "" : text->str(); }

template <typename T>
std::vector<T> Copy(const flatbuffers::Vector<T>* values) {
  std::vector<T> out;
  if (values == nullptr) return out;
  out.resize(values->size());
  // memcpy: the Verifier aligns vectors only to 4 bytes, so 8-byte elements may be misaligned.
  if (!out.empty()) std::memcpy(out.data(), values->Data(), out.size() * sizeof(T));
  return out;
}

Tensor ReadTensor(const runtime::ArtifactView& view, const schema::Tensor& source) {
  Tensor tensor;
  tensor.name = Str(source.name());
  tensor.type = source.type() == schema::DataType::INT32 ? DataType::kInt32 : DataType::kInt8;
  tensor.shape = Copy(source.shape());
  if (const schema::Quantization* q = source.quantization(); q != nullptr) {
    tensor.quantization.scales = Copy(q->scale());
    tensor.quantization.zero_points = Copy(q->zero_point());
    tensor.quantization.quantized_dimension = q->quantized_dimension();
  }
  tensor.is_constant = source.pool() < 0;
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

// EXPLICIT padding (written by producers other than our planner) is read as SAME here and
// resolved by ResolveExplicitPadding once the whole graph is known.
template <typename Options>
Padding PaddingOf(const Options& o) {
  return o.padding() == schema::Padding::VALID ? Padding::kValid : Padding::kSame;
}

struct RecordedPads {
  bool is_explicit = false;
  int32_t top = 0, left = 0;
};

RecordedPads PadsOf(const schema::Operator& op) {
  auto read = [](const auto* o) {
    if (o == nullptr) return RecordedPads{};
    return RecordedPads{o->padding() == schema::Padding::EXPLICIT, o->pad_top(), o->pad_left()};
  };
  switch (static_cast<OpKind>(op.kind())) {
    case OpKind::kConv2d:
      return read(op.options_as_Conv2dOptions());
    case OpKind::kDepthwiseConv2d:
      return read(op.options_as_DepthwiseConv2dOptions());
    case OpKind::kTransposeConv2d:
      return read(op.options_as_TransposeConv2dOptions());
    case OpKind::kAveragePool2d:
    case OpKind::kMaxPool2d:
      return read(op.options_as_Pool2dOptions());
    default:
      return RecordedPads{};
  }
}

bool LowersToPads(const Graph& graph, size_t op_index, const RecordedPads& pads) {
  auto lowered = LowerOp(graph, op_index);
  if (!lowered.ok()) return false;
  const kernels::OpParams p = lowered->Params();
  switch (p.kind) {
    case OpKind::kConv2d:
      return p.conv2d.pad_top == pads.top && p.conv2d.pad_left == pads.left;
    case OpKind::kDepthwiseConv2d:
      return p.depthwise_conv2d.pad_top == pads.top && p.depthwise_conv2d.pad_left == pads.left;
    case OpKind::kTransposeConv2d:
      return p.transpose_conv2d.pad_top == pads.top && p.transpose_conv2d.pad_left == pads.left;
    default:
      return p.pool2d.pad_top == pads.top && p.pool2d.pad_left == pads.left;
  }
}

// An EXPLICIT pad becomes whichever of SAME and VALID the planner lowers to exactly the recorded
// pads and shapes; re-planning then proves the whole op equal (artifact_equivalence.h).
Status ResolveExplicitPadding(const runtime::ArtifactView& view, Graph* graph) {
  for (size_t i = 0; i < graph->ops.size(); ++i) {
    const RecordedPads pads = PadsOf(view.op(static_cast<int32_t>(i)));
    if (!pads.is_explicit) continue;
    bool resolved = false;
    for (Padding candidate : {Padding::kSame, Padding::kValid}) {
      std::visit(
          [candidate](auto& a) {
            if constexpr (requires { a.padding; }) a.padding = candidate;
          },
          graph->ops[i].attributes);
      if ((resolved = LowersToPads(*graph, i, pads))) break;
    }
    if (!resolved) {
      return Unsupported(static_cast<int32_t>(i),
                         "its explicit padding is neither SAME nor VALID padding");
    }
  }
  return Status::Ok();
}

Activation ActivationOf(schema::Activation activation) {
  return static_cast<Activation>(static_cast<uint8_t>(activation));
}

OpAttributes ReadConv(const schema::Conv2dOptions& o) {
  Conv2dAttributes a;
  a.padding = PaddingOf(o);
  a.stride_h = o.stride_h();
  a.stride_w = o.stride_w();
  a.dilation_h = o.dilation_h();
  a.dilation_w = o.dilation_w();
  a.activation = ActivationOf(o.activation());
  return a;
}

OpAttributes ReadDepthwise(const schema::DepthwiseConv2dOptions& o) {
  DepthwiseConv2dAttributes a;
  a.padding = PaddingOf(o);
  a.stride_h = o.stride_h();
  a.stride_w = o.stride_w();
  a.dilation_h = o.dilation_h();
  a.dilation_w = o.dilation_w();
  a.depth_multiplier = o.depth_multiplier();
  a.activation = ActivationOf(o.activation());
  return a;
}

OpAttributes ReadTransposeConv(const schema::TransposeConv2dOptions& o) {
  TransposeConv2dAttributes a;
  a.padding = PaddingOf(o);
  a.stride_h = o.stride_h();
  a.stride_w = o.stride_w();
  a.activation = ActivationOf(o.activation());
  return a;
}

OpAttributes ReadPool(const schema::Pool2dOptions& o) {
  Pool2dAttributes a;
  a.padding = PaddingOf(o);
  a.filter_h = o.filter_h();
  a.filter_w = o.filter_w();
  a.stride_h = o.stride_h();
  a.stride_w = o.stride_w();
  a.activation = ActivationOf(o.activation());
  return a;
}

// Validation made each op's options table present and of its kind's type.
Result<OpAttributes> ReadAttributes(const schema::Operator& op, int32_t op_index) {
  switch (static_cast<OpKind>(op.kind())) {
    case OpKind::kConv2d:
      return ReadConv(*op.options_as_Conv2dOptions());
    case OpKind::kDepthwiseConv2d:
      return ReadDepthwise(*op.options_as_DepthwiseConv2dOptions());
    case OpKind::kFullyConnected: {
      const auto& o = *op.options_as_FullyConnectedOptions();
      return OpAttributes(
          FullyConnectedAttributes{ActivationOf(o.activation()), o.keep_num_dims()});
    }
    case OpKind::kBatchMatmul: {
      const auto& o = *op.options_as_BatchMatmulOptions();
      return OpAttributes(BatchMatmulAttributes{o.adj_x(), o.adj_y()});
    }
    case OpKind::kTransposeConv2d:
      return ReadTransposeConv(*op.options_as_TransposeConv2dOptions());
    case OpKind::kAveragePool2d:
    case OpKind::kMaxPool2d:
      return ReadPool(*op.options_as_Pool2dOptions());
    case OpKind::kAdd:
      return OpAttributes(
          ElementwiseAttributes{ActivationOf(op.options_as_AddOptions()->activation())});
    case OpKind::kMul:
      return OpAttributes(
          ElementwiseAttributes{ActivationOf(op.options_as_MulOptions()->activation())});
    case OpKind::kSoftmax:
      return OpAttributes(SoftmaxAttributes{op.options_as_SoftmaxOptions()->beta()});
    case OpKind::kReshape:
      return OpAttributes(ReshapeAttributes{});
    case OpKind::kPad: {
      const auto& o = *op.options_as_PadOptions();
      return OpAttributes(PadAttributes{Copy(o.before()), Copy(o.after())});
    }
    case OpKind::kConcatenation:
      return OpAttributes(
          ConcatenationAttributes{op.options_as_ConcatenationOptions()->axis(), Activation::kNone});
  }
  return Unsupported(op_index, "its kind is unknown to this build");
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
    op.inputs = Copy(source.inputs());
    op.outputs = Copy(source.outputs());
    ARENASTORE_ASSIGN_OR_RETURN(op.attributes, ReadAttributes(source, i));
    graph.ops.push_back(std::move(op));
  }
  graph.inputs = Copy(view.artifact().inputs());
  graph.outputs = Copy(view.artifact().outputs());
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
  int32_t io_pool = -1;
  ArtifactPlan result;
  for (int32_t p = 0; p < view.pool_count(); ++p) {
    const schema::Pool& pool = view.pool(p);
    if (pool.kind() == schema::PoolKind::IO && io_pool < 0) io_pool = p;
    result.pools.push_back(
        PoolSpec{Str(pool.name()), static_cast<size_t>(pool.capacity_bytes()), pool.alignment()});
    result.plan.pool_bytes.push_back(static_cast<size_t>(pool.planned_bytes()));
  }
  BufferAssignment assignment = AssignBuffers(graph, scratch_bytes, io_pool);
  result.plan.placements.assign(assignment.buffers.size(), Placement{0, 0});
  for (size_t t = 0; t < graph.tensors.size(); ++t) {
    const int32_t buffer = assignment.buffer_of_tensor[t];
    if (buffer < 0) continue;
    const schema::Tensor& tensor = view.tensor(static_cast<int32_t>(t));
    result.plan.placements[buffer] = {tensor.pool(), static_cast<size_t>(tensor.offset())};
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
