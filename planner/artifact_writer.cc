#include "planner/artifact_writer.h"

#include <flatbuffers/flatbuffers.h>

#include <variant>

#include "kernels/version.h"
#include "runtime/format_version.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {
namespace {

namespace fb = flatbuffers;
using kernels::OpKind;

constexpr size_t kConstantAlignment = 16;

schema::Padding PaddingOf(Padding padding) {
  return padding == Padding::kSame ? schema::Padding::SAME : schema::Padding::VALID;
}

schema::Activation ActivationOf(Activation activation) {
  return static_cast<schema::Activation>(static_cast<uint8_t>(activation));
}

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
    const auto& m = c_.metadata;
    const schema::Version format(runtime::kFormatVersionMajor, runtime::kFormatVersionMinor, 0);
    const schema::Version kernel(kernels::kLibraryVersion.major, kernels::kLibraryVersion.minor,
                                 kernels::kLibraryVersion.patch);
    const auto artifact = schema::CreateArtifact(
        builder_, &format, builder_.CreateString(ProducerName()),
        builder_.CreateString(m.source_model_sha256), builder_.CreateString(m.source_model_name),
        &kernel, static_cast<schema::Isa>(m.target_isa), builder_.CreateString(m.target_cpu),
        tensors, operators, inputs, outputs, pools, plan, constants,
        builder_.CreateString(m.model_name));
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
      used[op.outputs[0]] = true;
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
        offset = c_.plan->placements[buffer].offset;
      }
      tensors.push_back(schema::CreateTensorDirect(
          builder_, tensor.name.c_str(), static_cast<schema::DataType>(tensor.type), &tensor.shape,
          quantization, pool, offset, tensor.bytes()));
    }
    return builder_.CreateVector(tensors);
  }

  fb::Offset<schema::Requantization> WriteRequant(size_t op_index) {
    const LoweredOp& lowered = (*c_.lowered_ops)[op_index];
    return schema::CreateRequantizationDirect(builder_, &lowered.multipliers(), &lowered.shifts());
  }

  std::pair<schema::OpOptions, fb::Offset<void>> WriteOptions(size_t op_index) {
    const Op& op = g_.ops[op_index];
    const kernels::OpParams p = (*c_.lowered_ops)[op_index].Params();
    switch (op.kind) {
      case OpKind::kConv2d: {
        const auto& a = std::get<Conv2dAttributes>(op.attributes);
        const auto& k = p.conv2d;
        return {schema::OpOptions::Conv2dOptions,
                schema::CreateConv2dOptions(builder_, PaddingOf(a.padding), k.stride_h, k.stride_w,
                                            k.dilation_h, k.dilation_w, k.pad_top, k.pad_left,
                                            ActivationOf(a.activation), k.activation_min,
                                            k.activation_max, WriteRequant(op_index))
                    .Union()};
      }
      case OpKind::kDepthwiseConv2d: {
        const auto& a = std::get<DepthwiseConv2dAttributes>(op.attributes);
        const auto& k = p.depthwise_conv2d;
        return {schema::OpOptions::DepthwiseConv2dOptions,
                schema::CreateDepthwiseConv2dOptions(builder_, PaddingOf(a.padding), k.stride_h,
                                                     k.stride_w, k.dilation_h, k.dilation_w,
                                                     k.pad_top, k.pad_left, k.depth_multiplier,
                                                     ActivationOf(a.activation), k.activation_min,
                                                     k.activation_max, WriteRequant(op_index))
                    .Union()};
      }
      case OpKind::kFullyConnected: {
        const auto& a = std::get<FullyConnectedAttributes>(op.attributes);
        const auto& k = p.fully_connected;
        return {schema::OpOptions::FullyConnectedOptions,
                schema::CreateFullyConnectedOptions(builder_, ActivationOf(a.activation),
                                                    k.activation_min, k.activation_max,
                                                    a.keep_num_dims, WriteRequant(op_index))
                    .Union()};
      }
      case OpKind::kBatchMatmul: {
        const auto& k = p.batch_matmul;
        return {schema::OpOptions::BatchMatmulOptions,
                schema::CreateBatchMatmulOptions(builder_, k.adj_x, k.adj_y, k.activation_min,
                                                 k.activation_max, WriteRequant(op_index))
                    .Union()};
      }
      case OpKind::kTransposeConv2d: {
        const auto& a = std::get<TransposeConv2dAttributes>(op.attributes);
        const auto& k = p.transpose_conv2d;
        return {schema::OpOptions::TransposeConv2dOptions,
                schema::CreateTransposeConv2dOptions(builder_, PaddingOf(a.padding), k.stride_h,
                                                     k.stride_w, k.pad_top, k.pad_left,
                                                     ActivationOf(a.activation), k.activation_min,
                                                     k.activation_max, WriteRequant(op_index))
                    .Union()};
      }
      case OpKind::kAveragePool2d:
      case OpKind::kMaxPool2d: {
        const auto& a = std::get<Pool2dAttributes>(op.attributes);
        const auto& k = p.pool2d;
        return {schema::OpOptions::Pool2dOptions,
                schema::CreatePool2dOptions(builder_, PaddingOf(a.padding), k.filter_h, k.filter_w,
                                            k.stride_h, k.stride_w, k.pad_top, k.pad_left,
                                            ActivationOf(a.activation), k.activation_min,
                                            k.activation_max)
                    .Union()};
      }
      case OpKind::kAdd: {
        const auto& a = std::get<ElementwiseAttributes>(op.attributes);
        const auto& k = p.add;
        return {schema::OpOptions::AddOptions,
                schema::CreateAddOptions(builder_, ActivationOf(a.activation), k.activation_min,
                                         k.activation_max, k.left_shift, k.input1_multiplier,
                                         k.input1_shift, k.input2_multiplier, k.input2_shift,
                                         k.output_multiplier, k.output_shift)
                    .Union()};
      }
      case OpKind::kMul: {
        const auto& a = std::get<ElementwiseAttributes>(op.attributes);
        const auto& k = p.mul;
        return {schema::OpOptions::MulOptions,
                schema::CreateMulOptions(builder_, ActivationOf(a.activation), k.activation_min,
                                         k.activation_max, k.output_multiplier, k.output_shift)
                    .Union()};
      }
      case OpKind::kSoftmax: {
        const auto& a = std::get<SoftmaxAttributes>(op.attributes);
        const auto& k = p.softmax;
        return {schema::OpOptions::SoftmaxOptions,
                schema::CreateSoftmaxOptions(builder_, a.beta, k.input_multiplier,
                                             k.input_left_shift, k.diff_min)
                    .Union()};
      }
      case OpKind::kReshape:
        return {schema::OpOptions::ReshapeOptions, schema::CreateReshapeOptions(builder_).Union()};
      case OpKind::kPad: {
        const auto& a = std::get<PadAttributes>(op.attributes);
        return {schema::OpOptions::PadOptions,
                schema::CreatePadOptionsDirect(builder_, &a.before, &a.after).Union()};
      }
      case OpKind::kConcatenation: {
        const auto& a = std::get<ConcatenationAttributes>(op.attributes);
        const int32_t rank = static_cast<int32_t>(g_.tensors[op.outputs[0]].shape.size());
        return {schema::OpOptions::ConcatenationOptions,
                schema::CreateConcatenationOptions(builder_, a.axis < 0 ? a.axis + rank : a.axis)
                    .Union()};
      }
    }
    return {schema::OpOptions::NONE, 0};
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
      operators.push_back(
          schema::CreateOperatorDirect(builder_, static_cast<schema::OpKind>(op.kind), &inputs,
                                       &outputs, options_type, options, &scratch));
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
    uint64_t planned = 0;
    for (size_t bytes : c_.plan->pool_bytes) planned += bytes;
    return schema::CreatePlanSummaryDirect(builder_, c_.plan->algorithm.c_str(),
                                           c_.plan->lower_bound_bytes, planned, c_.plan->peak_step);
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
