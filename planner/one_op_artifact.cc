#include "planner/one_op_artifact.h"

#include <flatbuffers/flatbuffers.h>

#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

#include "kernels/version.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "runtime/format_version.h"
#include "runtime/op_params_builder.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {
namespace {

namespace fb = flatbuffers;

constexpr int32_t kStatePool = 1;  // pools: workspace, then state

class OneOpWriter {
 public:
  OneOpWriter(const Graph& graph, const Op& op) : graph_(graph), op_(op) {}

  // The artifact's bytes, its single operator's options written by `unit` from `lowered`.
  std::shared_ptr<const std::vector<uint8_t>> Write(const PlannerOp& unit,
                                                    const LoweredOp& lowered) {
    const std::vector<int32_t> inputs = AddTensors(op_.inputs);
    const std::vector<int32_t> outputs = AddTensors(op_.outputs);
    OptionsWriter writer(builder_, graph_, op_, lowered);
    const WrittenOptions options = unit.write(writer);
    const std::vector<fb::Offset<schema::Operator>> operators = {
        schema::CreateOperatorDirect(builder_, static_cast<schema::OpKind>(op_.kind), &inputs,
                                     &outputs, options.type, options.table)};
    const std::vector<fb::Offset<schema::Pool>> pools = {
        schema::CreatePoolDirect(builder_, "workspace", schema::PoolKind::WORKSPACE),
        schema::CreatePoolDirect(builder_, "state", schema::PoolKind::STATE)};
    const schema::Version format(runtime::kFormatVersionMajor, runtime::kFormatVersionMinor, 0);
    const schema::Version kernel(kernels::kLibraryVersion.major, kernels::kLibraryVersion.minor,
                                 kernels::kLibraryVersion.patch);
    schema::ArtifactBuilder artifact(builder_);
    const auto tensors = builder_.CreateVector(tensors_);
    const auto operator_vector = builder_.CreateVector(operators);
    const auto pool_vector = builder_.CreateVector(pools);
    artifact.add_format_version(&format);
    artifact.add_kernel_version(&kernel);
    artifact.add_tensors(tensors);
    artifact.add_operators(operator_vector);
    artifact.add_pools(pool_vector);
    builder_.Finish(artifact.Finish(), schema::ArtifactIdentifier());
    return std::make_shared<const std::vector<uint8_t>>(
        builder_.GetBufferPointer(), builder_.GetBufferPointer() + builder_.GetSize());
  }

 private:
  std::vector<int32_t> AddTensors(const std::vector<int32_t>& graph_indices) {
    std::vector<int32_t> indices;
    for (int32_t t : graph_indices) indices.push_back(t < 0 ? -1 : AddTensor(graph_.tensors[t]));
    return indices;
  }

  int32_t AddTensor(const Tensor& tensor) {
    const auto quantization = schema::CreateQuantizationDirect(
        builder_, &tensor.quantization.scales, &tensor.quantization.zero_points,
        tensor.quantization.quantized_dimension);
    tensors_.push_back(schema::CreateTensorDirect(
        builder_, tensor.name.c_str(), static_cast<schema::DataType>(tensor.type), &tensor.shape,
        quantization, tensor.is_variable ? kStatePool : -1, 0, tensor.bytes()));
    return static_cast<int32_t>(tensors_.size()) - 1;
  }

  const Graph& graph_;
  const Op& op_;
  fb::FlatBufferBuilder builder_{1024};
  std::vector<fb::Offset<schema::Tensor>> tensors_;
};

// The runtime's message names "operators[0] (kind)", the one-op artifact's: the planner's
// prefix names the graph op instead.
std::string_view WithoutOperatorPrefix(std::string_view message) {
  const size_t end = message.find("): ");
  return message.starts_with("operators[") && end != std::string_view::npos
             ? message.substr(end + 3)
             : message;
}

}  // namespace

Status LowerThroughRuntime(const Graph& graph, size_t op_index, const PlannerOp& unit,
                           LoweredOp* lowered) {
  // An op whose runtime unit this build lacks is refused by BuildOpParams, naming its kind: the
  // unit's planner lowering alone no longer derives complete params.
  auto bytes = OneOpWriter(graph, graph.ops[op_index]).Write(unit, *lowered);
  kernels::OpParams params;
  const Status status =
      runtime::BuildOpParams(*schema::GetArtifact(bytes->data()), /*op_index=*/0, &params);
  if (!status.ok()) {
    return Lowering(graph, op_index).Fail("{}", WithoutOperatorPrefix(status.message()));
  }
  lowered->AdoptRuntimeParams(params, std::move(bytes));
  return Status::Ok();
}

}  // namespace arenastore::planner
