#include "planner/artifact_writer.h"

#include <flatbuffers/flatbuffers.h>

#include <variant>

#include "kernels/version.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "runtime/format_version.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {
namespace {

namespace fb = flatbuffers;

constexpr size_t kConstantAlignment = 16;

class Writer {
 public:
  explicit Writer(const ArtifactContents& contents) : c_(contents), g_(*contents.graph) {}

  std::vector<uint8_t> Write() {
    NumberTensors();
    const auto tensors = WriteTensors();
    const auto operators = WriteOperators();
    const auto pools = WritePools();
    const auto inputs = builder_.CreateVector(Remap(g_.inputs));
    const auto outputs = builder_.CreateVector(Remap(g_.outputs));
    builder_.ForceVectorAlignment(constants_.size(), 1, kConstantAlignment);
    const auto constants = builder_.CreateVector(constants_);
    const auto plan = WritePlanSummary();
    const auto stages = WriteStages();
    const auto& m = c_.metadata;
    const schema::Version format(runtime::kFormatVersionMajor, runtime::kFormatVersionMinor, 0);
    const schema::Version kernel(kernels::kLibraryVersion.major, kernels::kLibraryVersion.minor,
                                 kernels::kLibraryVersion.patch);
    const auto artifact = schema::CreateArtifact(
        builder_, &format, builder_.CreateString(ProducerName()),
        builder_.CreateString(m.source_model_sha256), builder_.CreateString(m.source_model_name),
        &kernel, static_cast<schema::Isa>(m.target_isa), builder_.CreateString(m.target_cpu),
        tensors, operators, inputs, outputs, pools, plan, constants,
        builder_.CreateString(m.model_name), stages);
    builder_.Finish(artifact, schema::ArtifactIdentifier());
    return {builder_.GetBufferPointer(), builder_.GetBufferPointer() + builder_.GetSize()};
  }

 private:
  // Only tensors an operator or the graph boundary uses are written, renumbered densely.
  void NumberTensors() {
    std::vector<bool> used(g_.tensors.size(), false);
    for (const Op& op : g_.ops) {
      for (int32_t t : op.inputs) {
        if (t >= 0) used[t] = true;
      }
      for (int32_t t : op.outputs) used[t] = true;
    }
    for (int32_t t : g_.inputs) used[t] = true;
    for (int32_t t : g_.outputs) used[t] = true;
    new_index_.assign(g_.tensors.size(), -1);
    int32_t next = 0;
    for (size_t t = 0; t < g_.tensors.size(); ++t) {
      if (used[t]) new_index_[t] = next++;
    }
  }

  std::vector<int32_t> Remap(const std::vector<int32_t>& indices) const {
    std::vector<int32_t> remapped;
    remapped.reserve(indices.size());
    for (int32_t t : indices) remapped.push_back(t < 0 ? -1 : new_index_[t]);
    return remapped;
  }

  uint64_t AppendConstant(const std::vector<uint8_t>& data) {
    while (constants_.size() % kConstantAlignment != 0) constants_.push_back(0);
    const uint64_t offset = constants_.size();
    constants_.insert(constants_.end(), data.begin(), data.end());
    return offset;
  }

  // A stage's inner tensor holds its strip buffer (runtime/artifact_stages.h); every other tensor
  // its shape's bytes.
  uint64_t TensorBytes(size_t t) const {
    if (c_.stages == nullptr) return g_.tensors[t].bytes();
    for (const PlannedStage& stage : *c_.stages) {
      for (int32_t k = 0; k + 1 < stage.op_count; ++k) {
        if (g_.ops[size_t(stage.first_op + k)].outputs[0] == static_cast<int32_t>(t)) {
          return stage.inner_bytes[size_t(k)];
        }
      }
    }
    return g_.tensors[t].bytes();
  }

  // Absent without stages, so a plan without them writes the bytes it always has.
  fb::Offset<fb::Vector<const schema::RowStage*>> WriteStages() {
    if (c_.stages == nullptr || c_.stages->empty()) return 0;
    std::vector<schema::RowStage> stages;
    for (const PlannedStage& stage : *c_.stages) {
      stages.emplace_back(stage.first_op, stage.op_count, stage.strip_rows);
    }
    return builder_.CreateVectorOfStructs(stages);
  }

  fb::Offset<fb::Vector<fb::Offset<schema::Tensor>>> WriteTensors() {
    std::vector<fb::Offset<schema::Tensor>> tensors;
    for (size_t t = 0; t < g_.tensors.size(); ++t) {
      if (new_index_[t] < 0) continue;
      const Tensor& tensor = g_.tensors[t];
      const auto quantization = schema::CreateQuantizationDirect(
          builder_, &tensor.quantization.scales, &tensor.quantization.zero_points,
          tensor.quantization.quantized_dimension);
      int32_t pool = -1;
      uint64_t offset = 0;
      if (tensor.is_constant) {
        offset = AppendConstant(tensor.data);
      } else {
        const int32_t buffer = c_.assignment->buffer_of_tensor[t];
        pool = c_.plan->placements[buffer].pool;
        offset = c_.plan->placements[buffer].offset + c_.assignment->offset_in_buffer_bytes[t];
      }
      tensors.push_back(schema::CreateTensorDirect(
          builder_, tensor.name.c_str(), static_cast<schema::DataType>(tensor.type), &tensor.shape,
          quantization, pool, offset, TensorBytes(t)));
    }
    return builder_.CreateVector(tensors);
  }

  std::pair<schema::OpOptions, fb::Offset<void>> WriteOptions(size_t op_index) {
    OptionsWriter writer(builder_, g_, g_.ops[op_index], (*c_.lowered_ops)[op_index]);
    const WrittenOptions written = PlannerOpOf(g_.ops[op_index].kind)->write(writer);
    return {written.type, written.table};
  }

  fb::Offset<fb::Vector<fb::Offset<schema::Operator>>> WriteOperators() {
    std::vector<fb::Offset<schema::Operator>> operators;
    for (size_t i = 0; i < g_.ops.size(); ++i) {
      const Op& op = g_.ops[i];
      const auto [options_type, options] = WriteOptions(i);
      std::vector<fb::Offset<schema::Scratch>> scratch;
      const int32_t buffer = c_.assignment->scratch_buffer_of_op[i];
      if (buffer >= 0) {
        const Placement& placement = c_.plan->placements[buffer];
        scratch.push_back(schema::CreateScratch(builder_, (*c_.scratch_bytes)[i], placement.pool,
                                                placement.offset));
      }
      const std::vector<int32_t> inputs = Remap(op.inputs);
      const std::vector<int32_t> outputs = Remap(op.outputs);
      const auto form = c_.forms != nullptr ? static_cast<schema::ExecForm>((*c_.forms)[i])
                                            : schema::ExecForm::WHOLE;
      operators.push_back(
          schema::CreateOperatorDirect(builder_, static_cast<schema::OpKind>(op.kind), &inputs,
                                       &outputs, options_type, options, &scratch, form));
    }
    return builder_.CreateVector(operators);
  }

  fb::Offset<fb::Vector<fb::Offset<schema::Pool>>> WritePools() {
    std::vector<fb::Offset<schema::Pool>> pools;
    for (size_t i = 0; i < c_.pools->size(); ++i) {
      const PoolSpec& spec = (*c_.pools)[i];
      pools.push_back(schema::CreatePoolDirect(
          builder_, spec.name.c_str(), static_cast<schema::PoolKind>((*c_.pool_kinds)[i]),
          c_.plan->pool_bytes[i], spec.alignment, spec.capacity_bytes));
    }
    return builder_.CreateVector(pools);
  }

  fb::Offset<schema::PlanSummary> WritePlanSummary() {
    return schema::CreatePlanSummaryDirect(builder_, c_.plan->algorithm.c_str(),
                                           c_.plan->lower_bound_bytes, c_.plan->PlannedBytes(),
                                           c_.plan->peak_step);
  }

  const ArtifactContents& c_;
  const Graph& g_;
  fb::FlatBufferBuilder builder_{64 * 1024};
  std::vector<int32_t> new_index_;
  std::vector<uint8_t> constants_;
};

}  // namespace

const char* ProducerName() { return "arenastore-planner 0.1.0"; }

std::vector<uint8_t> WriteArtifact(const ArtifactContents& contents) {
  return Writer(contents).Write();
}

}  // namespace arenastore::planner
