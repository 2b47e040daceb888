// Test helper: builds artifacts with FlatBufferBuilder from an editable description, so each
// runtime test can start from a valid model and break exactly one thing. TinyModelSpec() is
// conv2d -> mean -> fully_connected -> softmax with deterministic weights and a plan
// that places every activation and scratch buffer side by side in one pool (trivially valid).
// Host-only test code: heap OK.
#pragma once

#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "kernels/op_kind.h"
#include "kernels/registry.h"
#include "kernels/version.h"
#include "runtime/artifact_view.h"
#include "runtime/format_version.h"
#include "runtime/op_params_builder.h"
#include "runtime/schema/artifact_schema.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime::testing {

namespace fb = flatbuffers;

// Bytes at a chosen distance from a 64-byte boundary (0 = aligned), for the view's checks.
class AlignedBytes {
 public:
  AlignedBytes(std::span<const uint8_t> bytes, size_t shift = 0)
      : blocks_((bytes.size() + shift) / sizeof(Block) + 1), shift_(shift), size_(bytes.size()) {
    if (!bytes.empty()) std::copy(bytes.begin(), bytes.end(), data());
  }
  explicit AlignedBytes(size_t size) : blocks_(size / sizeof(Block) + 1), shift_(0), size_(size) {}

  uint8_t* data() { return blocks_.front().bytes + shift_; }
  std::span<const uint8_t> span() const { return {blocks_.front().bytes + shift_, size_}; }
  std::span<uint8_t> mutable_span() { return {data(), size_}; }
  size_t size() const { return size_; }

 private:
  struct alignas(64) Block {
    uint8_t bytes[64];
  };
  std::vector<Block> blocks_;
  size_t shift_;
  size_t size_;
};

struct TensorSpec {
  std::string name;
  schema::DataType type = schema::DataType::INT8;
  std::vector<int32_t> shape;
  float scale = 1.0f;
  int64_t zero_point = 0;
  std::vector<uint8_t> data;                // constant bytes; empty for an activation
  int32_t pool = 0;                         // activations only; constants are written with pool -1
  uint64_t offset = 0;                      // activations: set by PlanSequentially
  std::optional<uint64_t> bytes;            // default: elements x element size
  std::optional<uint64_t> constant_offset;  // default: where Serialize packs the data
  std::optional<int32_t> pool_override;     // written instead of pool / -1

  bool is_constant() const { return !data.empty(); }
  uint64_t natural_bytes() const {
    uint64_t count = 1;
    for (int32_t dim : shape) count *= static_cast<uint64_t>(dim);
    return count * ElementBytes(type);
  }
};

using OptionsWriter =
    std::function<std::pair<schema::OpOptions, fb::Offset<void>>(fb::FlatBufferBuilder&)>;

struct ScratchSpec {
  uint64_t bytes;
  int32_t pool;
  uint64_t offset;
};

struct OpSpec {
  uint8_t kind;
  std::vector<int32_t> inputs;
  std::vector<int32_t> outputs;
  OptionsWriter options;
  std::vector<ScratchSpec> scratch;  // bytes as planned; PlanSequentially sets pool and offset
};

struct PoolSpec {
  std::string name = "sram";
  schema::PoolKind kind = schema::PoolKind::WORKSPACE;
  uint64_t planned_bytes = 0;  // set by PlanSequentially
  uint32_t alignment = 16;
};

struct ArtifactSpec {
  std::optional<std::pair<uint16_t, uint16_t>> format_version =
      std::make_pair(kFormatVersionMajor, kFormatVersionMinor);
  kernels::LibraryVersion kernel_version = kernels::kLibraryVersion;
  uint8_t target_isa = 0;
  std::vector<TensorSpec> tensors;
  std::vector<OpSpec> ops;
  std::vector<int32_t> inputs;
  std::vector<int32_t> outputs;
  std::vector<PoolSpec> pools = {PoolSpec{}};
};

inline uint64_t AlignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

// Every activation, then every scratch buffer, side by side in pool 0 (16-aligned, no reuse);
// the pool's planned bytes are their total.
inline void PlanSequentially(ArtifactSpec* spec) {
  uint64_t next = 0;
  for (TensorSpec& tensor : spec->tensors) {
    if (tensor.is_constant()) continue;
    tensor.pool = 0;
    tensor.offset = next;
    next = AlignUp(next + tensor.natural_bytes(), 16);
  }
  for (OpSpec& op : spec->ops) {
    for (ScratchSpec& scratch : op.scratch) {
      scratch.pool = 0;
      scratch.offset = next;
      next = AlignUp(next + scratch.bytes, 16);
    }
  }
  spec->pools[0].planned_bytes = next;
}

inline std::vector<uint8_t> Serialize(const ArtifactSpec& spec) {
  fb::FlatBufferBuilder builder(1024);
  std::vector<uint8_t> constants;
  std::vector<fb::Offset<schema::Tensor>> tensors;
  for (const TensorSpec& t : spec.tensors) {
    uint64_t offset = t.offset;
    if (t.is_constant()) {
      while (constants.size() % 16 != 0) constants.push_back(0);
      offset = constants.size();
      constants.insert(constants.end(), t.data.begin(), t.data.end());
    }
    const std::vector<float> scales = {t.scale};
    const std::vector<int64_t> zero_points = {t.zero_point};
    const auto quantization = schema::CreateQuantizationDirect(builder, &scales, &zero_points, 0);
    tensors.push_back(schema::CreateTensorDirect(
        builder, t.name.c_str(), t.type, &t.shape, quantization,
        t.pool_override.value_or(t.is_constant() ? -1 : t.pool), t.constant_offset.value_or(offset),
        t.bytes.value_or(t.natural_bytes())));
  }
  const auto tensor_vector = builder.CreateVector(tensors);
  std::vector<fb::Offset<schema::Operator>> operators;
  for (const OpSpec& op : spec.ops) {
    std::vector<fb::Offset<schema::Scratch>> scratch;
    for (const ScratchSpec& s : op.scratch) {
      scratch.push_back(schema::CreateScratch(builder, s.bytes, s.pool, s.offset));
    }
    auto options = op.options
                       ? op.options(builder)
                       : std::pair<schema::OpOptions, fb::Offset<void>>{schema::OpOptions::NONE, 0};
    operators.push_back(schema::CreateOperatorDirect(builder, static_cast<schema::OpKind>(op.kind),
                                                     &op.inputs, &op.outputs, options.first,
                                                     options.second, &scratch));
  }
  const auto operator_vector = builder.CreateVector(operators);
  std::vector<fb::Offset<schema::Pool>> pools;
  for (const PoolSpec& p : spec.pools) {
    pools.push_back(
        schema::CreatePoolDirect(builder, p.name.c_str(), p.kind, p.planned_bytes, p.alignment, 0));
  }
  const auto pool_vector = builder.CreateVector(pools);
  const auto inputs = builder.CreateVector(spec.inputs);
  const auto outputs = builder.CreateVector(spec.outputs);
  builder.ForceVectorAlignment(constants.size(), 1, 16);
  const auto constant_vector = builder.CreateVector(constants);
  const auto producer = builder.CreateString("artifact_fixture");
  const auto cpu = builder.CreateString("host");
  std::optional<schema::Version> format;
  if (spec.format_version)
    format.emplace(spec.format_version->first, spec.format_version->second, 0);
  const schema::Version kernel(spec.kernel_version.major, spec.kernel_version.minor,
                               spec.kernel_version.patch);
  schema::ArtifactBuilder artifact(builder);
  if (format) artifact.add_format_version(&*format);
  artifact.add_producer(producer);
  artifact.add_kernel_version(&kernel);
  artifact.add_target_isa(static_cast<schema::Isa>(spec.target_isa));
  artifact.add_target_cpu(cpu);
  artifact.add_tensors(tensor_vector);
  artifact.add_operators(operator_vector);
  artifact.add_inputs(inputs);
  artifact.add_outputs(outputs);
  artifact.add_pools(pool_vector);
  artifact.add_constants(constant_vector);
  builder.Finish(artifact.Finish(), schema::ArtifactIdentifier());
  return {builder.GetBufferPointer(), builder.GetBufferPointer() + builder.GetSize()};
}

// ---- options writers ----

inline fb::Offset<schema::Requantization> WriteRequant(fb::FlatBufferBuilder& b,
                                                       const std::vector<int32_t>& multipliers,
                                                       const std::vector<int32_t>& shifts) {
  return schema::CreateRequantizationDirect(b, &multipliers, &shifts);
}

struct ConvOptions {
  int32_t stride = 1, dilation = 1, pad_top = 0, pad_left = 0;
  int32_t activation_min = -128, activation_max = 127;
  std::vector<int32_t> multipliers, shifts;
};

inline OptionsWriter Conv2dOptionsWriter(ConvOptions o) {
  return [o](fb::FlatBufferBuilder& b) {
    const auto requant = WriteRequant(b, o.multipliers, o.shifts);
    return std::make_pair(
        schema::OpOptions::Conv2dOptions,
        schema::CreateConv2dOptions(b, schema::Padding::EXPLICIT, o.stride, o.stride, o.dilation,
                                    o.dilation, o.pad_top, o.pad_left, schema::Activation::NONE,
                                    o.activation_min, o.activation_max, requant)
            .Union());
  };
}

inline OptionsWriter Pool2dOptionsWriter(int32_t filter, int32_t stride, int32_t pad = 0) {
  return [=](fb::FlatBufferBuilder& b) {
    return std::make_pair(schema::OpOptions::Pool2dOptions,
                          schema::CreatePool2dOptions(b, schema::Padding::EXPLICIT, filter, filter,
                                                      stride, stride, pad, pad)
                              .Union());
  };
}

// `folded_bias` empty: none recorded (as kernel library 1.16.0 and older wrote the table).
inline OptionsWriter FullyConnectedOptionsWriter(std::vector<int32_t> multipliers,
                                                 std::vector<int32_t> shifts,
                                                 std::vector<int32_t> folded_bias = {}) {
  return [=](fb::FlatBufferBuilder& b) {
    const auto requant = WriteRequant(b, multipliers, shifts);
    const auto folded = folded_bias.empty() ? 0 : b.CreateVector(folded_bias);
    return std::make_pair(schema::OpOptions::FullyConnectedOptions,
                          schema::CreateFullyConnectedOptions(b, schema::Activation::NONE, -128,
                                                              127, false, requant, folded)
                              .Union());
  };
}

// A mean over `axes` (keep_dims) of 4 values, input and output quantized alike: the real
// multiplier 1/4 is 2^30 * 2^(-1 - 31).
inline OptionsWriter MeanOptionsWriter(std::vector<int32_t> axes) {
  return [=](fb::FlatBufferBuilder& b) {
    return std::make_pair(schema::OpOptions::ReduceOptions,
                          schema::CreateReduceOptionsDirect(b, &axes, true, 1 << 30, -1).Union());
  };
}

// Softmax scaling for input scale 1/16 and beta 1 (TensorFlow Lite's derivation): the real
// multiplier 2^26 / 16 = 2^22 is 2^30 * 2^(23 - 31); diff_min = -(31 * 2^26 / 2^23).
inline OptionsWriter SoftmaxOptionsWriter() {
  return [](fb::FlatBufferBuilder& b) {
    return std::make_pair(schema::OpOptions::SoftmaxOptions,
                          schema::CreateSoftmaxOptions(b, 1.0f, 1 << 30, 23, -248).Union());
  };
}

inline OptionsWriter DepthwiseConv2dOptionsWriter(ConvOptions o, int32_t depth_multiplier) {
  return [o, depth_multiplier](fb::FlatBufferBuilder& b) {
    const auto requant = WriteRequant(b, o.multipliers, o.shifts);
    return std::make_pair(schema::OpOptions::DepthwiseConv2dOptions,
                          schema::CreateDepthwiseConv2dOptions(
                              b, schema::Padding::EXPLICIT, o.stride, o.stride, o.dilation,
                              o.dilation, o.pad_top, o.pad_left, depth_multiplier,
                              schema::Activation::NONE, o.activation_min, o.activation_max, requant)
                              .Union());
  };
}

inline OptionsWriter TransposeConv2dOptionsWriter(ConvOptions o) {
  return [o](fb::FlatBufferBuilder& b) {
    const auto requant = WriteRequant(b, o.multipliers, o.shifts);
    return std::make_pair(
        schema::OpOptions::TransposeConv2dOptions,
        schema::CreateTransposeConv2dOptions(b, schema::Padding::EXPLICIT, o.stride, o.stride,
                                             o.pad_top, o.pad_left, schema::Activation::NONE,
                                             o.activation_min, o.activation_max, requant)
            .Union());
  };
}

inline OptionsWriter BatchMatmulOptionsWriter(bool adj_x, bool adj_y, int32_t multiplier,
                                              int32_t shift) {
  return [=](fb::FlatBufferBuilder& b) {
    const auto requant = WriteRequant(b, {multiplier}, {shift});
    return std::make_pair(
        schema::OpOptions::BatchMatmulOptions,
        schema::CreateBatchMatmulOptions(b, adj_x, adj_y, -128, 127, requant).Union());
  };
}

struct AddOptionsSpec {
  int32_t left_shift = 20;
  int32_t input1_multiplier = 1 << 30, input1_shift = -1;
  int32_t input2_multiplier = 1 << 30, input2_shift = -1;
  int32_t output_multiplier = 1 << 30, output_shift = -18;
  int32_t activation_min = -128, activation_max = 127;
};

inline OptionsWriter AddOptionsWriter(AddOptionsSpec o = {}) {
  return [o](fb::FlatBufferBuilder& b) {
    return std::make_pair(
        schema::OpOptions::AddOptions,
        schema::CreateAddOptions(b, schema::Activation::NONE, o.activation_min, o.activation_max,
                                 o.left_shift, o.input1_multiplier, o.input1_shift,
                                 o.input2_multiplier, o.input2_shift, o.output_multiplier,
                                 o.output_shift)
            .Union());
  };
}

inline OptionsWriter MulOptionsWriter(int32_t multiplier, int32_t shift) {
  return [=](fb::FlatBufferBuilder& b) {
    return std::make_pair(
        schema::OpOptions::MulOptions,
        schema::CreateMulOptions(b, schema::Activation::NONE, -128, 127, multiplier, shift)
            .Union());
  };
}

inline OptionsWriter PadOptionsWriter(std::vector<int32_t> before, std::vector<int32_t> after) {
  return [=](fb::FlatBufferBuilder& b) {
    return std::make_pair(schema::OpOptions::PadOptions,
                          schema::CreatePadOptionsDirect(b, &before, &after).Union());
  };
}

inline OptionsWriter ConcatenationOptionsWriter(int32_t axis) {
  return [=](fb::FlatBufferBuilder& b) {
    return std::make_pair(schema::OpOptions::ConcatenationOptions,
                          schema::CreateConcatenationOptions(b, axis).Union());
  };
}

inline OptionsWriter ReshapeOptionsWriter() {
  return [](fb::FlatBufferBuilder& b) {
    return std::make_pair(schema::OpOptions::ReshapeOptions,
                          schema::CreateReshapeOptions(b).Union());
  };
}

inline std::vector<uint8_t> Pattern(size_t count, int32_t seed, int32_t span = 11) {
  std::vector<uint8_t> bytes(count);
  for (size_t i = 0; i < count; ++i) {
    bytes[i] = static_cast<uint8_t>(static_cast<int8_t>((i * 37 + seed) % span - span / 2));
  }
  return bytes;
}

inline std::vector<uint8_t> Int32Bytes(const std::vector<int32_t>& values) {
  std::vector<uint8_t> bytes(values.size() * 4);
  for (size_t i = 0; i < values.size(); ++i) {
    const auto v = static_cast<uint32_t>(values[i]);
    for (int k = 0; k < 4; ++k) bytes[i * 4 + k] = static_cast<uint8_t>(v >> (8 * k));
  }
  return bytes;
}

inline TensorSpec ActivationTensor(std::string name, std::vector<int32_t> shape,
                                   float scale = 0.05f, int64_t zero_point = 0) {
  TensorSpec t;
  t.name = std::move(name);
  t.shape = std::move(shape);
  t.scale = scale;
  t.zero_point = zero_point;
  return t;
}

inline TensorSpec ConstantTensor(std::string name, schema::DataType type,
                                 std::vector<int32_t> shape, std::vector<uint8_t> data) {
  TensorSpec t;
  t.name = std::move(name);
  t.type = type;
  t.shape = std::move(shape);
  t.scale = 0.02f;
  t.data = std::move(data);
  return t;
}

// One operator whose non-constant inputs are the graph inputs and whose output is the graph
// output, planned side by side.
inline ArtifactSpec SingleOpSpec(kernels::OpKind kind, std::vector<TensorSpec> tensors,
                                 std::vector<int32_t> inputs, int32_t output,
                                 OptionsWriter options) {
  ArtifactSpec spec;
  spec.tensors = std::move(tensors);
  for (int32_t t : inputs) {
    if (t >= 0 && !spec.tensors[static_cast<size_t>(t)].is_constant()) spec.inputs.push_back(t);
  }
  spec.outputs = {output};
  spec.ops = {{static_cast<uint8_t>(kind), std::move(inputs), {output}, std::move(options), {}}};
  PlanSequentially(&spec);
  return spec;
}

// Tensor indices of TinyModelSpec().
enum TinyTensor : int32_t {
  kInput = 0,       // [1,8,8,3] int8
  kConvFilter = 1,  // [4,3,3,3] int8 constant
  kConvBias = 2,    // [4] int32 constant
  kConvOut = 3,     // [1,4,4,4]
  kMeanOut = 4,     // [1,1,4,4]: the mean over the height
  kFcFilter = 5,    // [5,16] int8 constant
  kFcBias = 6,      // [5] int32 constant
  kFcOut = 7,       // [1,5]
  kSoftmaxOut = 8,  // [1,5], scale 1/256, zero point -128
};
enum TinyOp : int32_t { kConvOp = 0, kMeanOp = 1, kFcOp = 2, kSoftmaxOp = 3 };

// conv2d (3x3, stride 2, SAME: pad_top 0) -> mean over the height (keep_dims) ->
// fully_connected (16 -> 5) -> softmax. Scratch entries are `scratch_bytes[op]` (0 = none). The
// mean is the op whose ref kernel needs scratch (an int32 sum per output), which the gate and
// executor tests skew.
inline ArtifactSpec TinyModelSpec(const std::vector<uint64_t>& scratch_bytes = {0, 0, 0, 0}) {
  ArtifactSpec spec;
  spec.tensors = {
      ActivationTensor("input", {1, 8, 8, 3}, 0.05f, -1),
      ConstantTensor("conv/filter", schema::DataType::INT8, {4, 3, 3, 3}, Pattern(108, 3)),
      ConstantTensor("conv/bias", schema::DataType::INT32, {4}, Int32Bytes({40, -25, 7, 0})),
      ActivationTensor("conv/out", {1, 4, 4, 4}, 0.04f, 2),
      ActivationTensor("mean/out", {1, 1, 4, 4}, 0.04f, 2),
      ConstantTensor("fc/filter", schema::DataType::INT8, {5, 16}, Pattern(80, 5, 13)),
      ConstantTensor("fc/bias", schema::DataType::INT32, {5}, Int32Bytes({-100, 60, 0, 33, -7})),
      ActivationTensor("fc/out", {1, 5}, 1.0f / 16, 3),
      ActivationTensor("softmax/out", {1, 5}, 1.0f / 256, -128),
  };
  ConvOptions conv;
  conv.stride = 2;
  conv.multipliers = {1 << 30, 1200000000, 1500000000, 1 << 30};
  conv.shifts = {-4, -5, -3, -4};
  spec.ops = {
      {static_cast<uint8_t>(kernels::OpKind::kConv2d),
       {kInput, kConvFilter, kConvBias},
       {kConvOut},
       Conv2dOptionsWriter(conv),
       {}},
      {static_cast<uint8_t>(kernels::OpKind::kMean),
       {kConvOut},
       {kMeanOut},
       MeanOptionsWriter({1}),
       {}},
      {static_cast<uint8_t>(kernels::OpKind::kFullyConnected),
       {kMeanOut, kFcFilter, kFcBias},
       {kFcOut},
       FullyConnectedOptionsWriter({1300000000}, {-3}),
       {}},
      {static_cast<uint8_t>(kernels::OpKind::kSoftmax),
       {kFcOut},
       {kSoftmaxOut},
       SoftmaxOptionsWriter(),
       {}},
  };
  for (size_t i = 0; i < spec.ops.size() && i < scratch_bytes.size(); ++i) {
    if (scratch_bytes[i] > 0) spec.ops[i].scratch = {{scratch_bytes[i], 0, 0}};
  }
  spec.inputs = {kInput};
  spec.outputs = {kSoftmaxOut};
  PlanSequentially(&spec);
  return spec;
}

// TinyModelSpec() with an average_pool2d (2x2, stride 2) in place of the mean: [1,2,2,4], still
// 16 values for the fully_connected. For tests of pool geometry.
inline ArtifactSpec TinyPoolModelSpec() {
  ArtifactSpec spec = TinyModelSpec();
  spec.ops[kMeanOp].kind = static_cast<uint8_t>(kernels::OpKind::kAveragePool2d);
  spec.ops[kMeanOp].options = Pool2dOptionsWriter(2, 2);
  spec.tensors[kMeanOut].shape = {1, 2, 2, 4};
  PlanSequentially(&spec);
  return spec;
}

// Serialized artifact bytes (16-aligned) and the view over them; not copyable, because the
// view points into the bytes.
class OpenedArtifact {
 public:
  explicit OpenedArtifact(const ArtifactSpec& spec) : bytes_(Serialize(spec)) {
    auto view = ArtifactView::Create(bytes_.span());
    status_ = view.ok() ? Status::Ok() : view.status();
    if (view.ok()) view_.emplace(std::move(view.value()));
  }
  OpenedArtifact(const OpenedArtifact&) = delete;
  OpenedArtifact& operator=(const OpenedArtifact&) = delete;

  bool ok() const { return view_.has_value(); }
  const Status& status() const { return status_; }
  const ArtifactView& view() const { return *view_; }
  std::span<const uint8_t> bytes() const { return bytes_.span(); }

 private:
  AlignedBytes bytes_;
  Status status_;
  std::optional<ArtifactView> view_;
};

// What the kernels of `isa` need per op of `spec` (the spec must already validate).
inline std::vector<uint64_t> KernelScratchBytes(const ArtifactSpec& spec, kernels::Isa isa) {
  const std::vector<uint8_t> bytes = Serialize(spec);
  const AlignedBytes aligned(bytes);
  auto view = ArtifactView::Create(aligned.span());
  if (!view.ok()) return {};
  std::vector<uint64_t> needs;
  for (int32_t i = 0; i < view->operator_count(); ++i) {
    kernels::OpParams params;
    if (!BuildOpParams(*view, i, &params).ok()) return {};
    needs.push_back(kernels::ScratchBytes(params, isa));
  }
  return needs;
}

// TinyModelSpec with every op's scratch planned at exactly what `isa`'s kernels need.
inline ArtifactSpec TinyModelSizedFor(kernels::Isa isa) {
  return TinyModelSpec(KernelScratchBytes(TinyModelSpec(), isa));
}

}  // namespace arenastore::runtime::testing
