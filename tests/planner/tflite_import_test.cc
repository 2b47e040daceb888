#include "planner/import/tflite_importer.h"

#include <flatbuffers/flatbuffers.h>
#include <gtest/gtest.h>

#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "kernels/op_params.h"
#include "planner/import/tflite_schema_generated.h"

namespace arenastore::planner {
namespace {

namespace tfl = arenastore::tflite;
using kernels::OpKind;
using OptionsMaker = std::function<flatbuffers::Offset<void>(flatbuffers::FlatBufferBuilder&)>;

// TensorFlow Lite builtin codes used below (values from the published schema).
constexpr int32_t kAdd = 0, kConcatenation = 2, kConv2d = 3, kDepthwiseConv2d = 4, kDequantize = 6,
                  kFullyConnected = 9, kMaxPool2d = 17, kReshape = 22, kSoftmax = 25, kSvdf = 27,
                  kCustom = 32, kPad = 34, kSqueeze = 43, kRnn = 35, kBidirectionalLstm = 52,
                  kPadV2 = 60, kTransposeConv = 67, kExpandDims = 70, kLess = 58, kQuantize = 114,
                  kBatchMatmul = 126, kGelu = 150, kCast = 53, kElu = 111;

std::vector<uint8_t> Int8Bytes(const std::vector<int8_t>& values) {
  return std::vector<uint8_t>(values.begin(), values.end());
}

std::vector<uint8_t> Int32Bytes(const std::vector<int32_t>& values) {
  std::vector<uint8_t> bytes(values.size() * 4);
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

// Builds small TensorFlow Lite files through the generated schema code, as a converter would.
class TfliteFile {
 public:
  struct TensorSpec {
    std::string name;
    std::vector<int32_t> shape;
    tfl::TensorType type = tfl::TensorType::INT8;
    uint32_t buffer = 0;
    std::vector<float> scales;
    std::vector<int64_t> zero_points;
    int32_t quantized_dimension = 0;
  };
  struct OpSpec {
    uint32_t opcode = 0;
    std::vector<int32_t> inputs, outputs;
    tfl::BuiltinOptions options_type = tfl::BuiltinOptions::NONE;
    OptionsMaker options;
  };
  struct CodeSpec {
    int32_t builtin = 0;
    int32_t version = 1;
    std::string custom;
  };
  struct BufferSpec {
    std::vector<uint8_t> data;
    uint64_t offset = 0, size = 0;
  };

  TfliteFile() { buffers.push_back({}); }  // buffer 0: the empty sentinel

  uint32_t Buffer(std::vector<uint8_t> data) {
    buffers.push_back({std::move(data), 0, 0});
    return static_cast<uint32_t>(buffers.size() - 1);
  }
  int32_t Tensor(TensorSpec spec) {
    tensors.push_back(std::move(spec));
    return static_cast<int32_t>(tensors.size() - 1);
  }
  int32_t Activation(const std::string& name, std::vector<int32_t> shape, float scale,
                     int64_t zero_point) {
    return Tensor({name, std::move(shape), tfl::TensorType::INT8, 0, {scale}, {zero_point}, 0});
  }
  int32_t Float(const std::string& name, std::vector<int32_t> shape) {
    return Tensor({name, std::move(shape), tfl::TensorType::FLOAT32, 0, {}, {}, 0});
  }
  int32_t Int8Constant(const std::string& name, std::vector<int32_t> shape,
                       const std::vector<int8_t>& values, std::vector<float> scales,
                       int32_t quantized_dimension = 0) {
    std::vector<int64_t> zero_points(scales.size(), 0);
    return Tensor({name, std::move(shape), tfl::TensorType::INT8, Buffer(Int8Bytes(values)),
                   std::move(scales), std::move(zero_points), quantized_dimension});
  }
  int32_t Int32Constant(const std::string& name, std::vector<int32_t> shape,
                        const std::vector<int32_t>& values, std::vector<float> scales = {}) {
    std::vector<int64_t> zero_points(scales.size(), 0);
    return Tensor({name, std::move(shape), tfl::TensorType::INT32, Buffer(Int32Bytes(values)),
                   std::move(scales), std::move(zero_points), 0});
  }
  uint32_t Code(int32_t builtin, int32_t version = 1, const std::string& custom = "") {
    for (size_t i = 0; i < codes.size(); ++i) {
      if (codes[i].builtin == builtin && codes[i].version == version && codes[i].custom == custom) {
        return static_cast<uint32_t>(i);
      }
    }
    codes.push_back({builtin, version, custom});
    return static_cast<uint32_t>(codes.size() - 1);
  }
  void Op(int32_t builtin, std::vector<int32_t> in, std::vector<int32_t> out,
          tfl::BuiltinOptions options_type = tfl::BuiltinOptions::NONE,
          OptionsMaker options = nullptr, int32_t version = 1, const std::string& custom = "") {
    ops.push_back(
        {Code(builtin, version, custom), std::move(in), std::move(out), options_type, options});
  }

  std::vector<uint8_t> Bytes() const {
    flatbuffers::FlatBufferBuilder fbb;
    std::vector<flatbuffers::Offset<tfl::Buffer>> buffer_offsets;
    for (const BufferSpec& b : buffers) {
      buffer_offsets.push_back(
          tfl::CreateBufferDirect(fbb, b.data.empty() ? nullptr : &b.data, b.offset, b.size));
    }
    std::vector<flatbuffers::Offset<tfl::Tensor>> tensor_offsets;
    for (size_t i = 0; i < tensors.size(); ++i) {
      const TensorSpec& t = tensors[i];
      // Empty vectors are written as present-but-empty only when asked; converters omit them.
      const bool write_empty = empty_quantization_vectors.count(static_cast<int32_t>(i)) > 0;
      auto quantization = tfl::CreateQuantizationParametersDirect(
          fbb, nullptr, nullptr, t.scales.empty() && !write_empty ? nullptr : &t.scales,
          t.zero_points.empty() && !write_empty ? nullptr : &t.zero_points,
          tfl::QuantizationDetails::NONE, 0, t.quantized_dimension);
      tensor_offsets.push_back(
          tfl::CreateTensorDirect(fbb, &t.shape, t.type, t.buffer, t.name.c_str(), quantization));
    }
    std::vector<flatbuffers::Offset<tfl::Operator>> op_offsets;
    for (const OpSpec& o : ops) {
      const flatbuffers::Offset<void> options = o.options ? o.options(fbb) : 0;
      op_offsets.push_back(
          tfl::CreateOperatorDirect(fbb, o.opcode, &o.inputs, &o.outputs, o.options_type, options));
    }
    std::vector<flatbuffers::Offset<tfl::OperatorCode>> code_offsets;
    for (const CodeSpec& c : codes) {
      // Converters write codes below 127 in both fields, larger ones only in builtin_code.
      const int8_t deprecated = static_cast<int8_t>(std::min(c.builtin, 127));
      code_offsets.push_back(tfl::CreateOperatorCodeDirect(
          fbb, deprecated, c.custom.empty() ? nullptr : c.custom.c_str(), c.version, c.builtin));
    }
    std::vector<flatbuffers::Offset<tfl::SubGraph>> subgraphs;
    for (int k = 0; k < subgraph_count; ++k) {
      subgraphs.push_back(
          tfl::CreateSubGraphDirect(fbb, &tensor_offsets, &inputs, &outputs, &op_offsets, "main"));
    }
    auto model = tfl::CreateModelDirect(fbb, schema_version, &code_offsets, &subgraphs, "synthetic",
                                        &buffer_offsets);
    tfl::FinishModelBuffer(fbb, model);
    return std::vector<uint8_t>(fbb.GetBufferPointer(), fbb.GetBufferPointer() + fbb.GetSize());
  }

  std::vector<BufferSpec> buffers;
  std::vector<TensorSpec> tensors;
  std::vector<CodeSpec> codes;
  std::vector<OpSpec> ops;
  std::vector<int32_t> inputs, outputs;
  uint32_t schema_version = 3;
  int subgraph_count = 1;
  std::set<int32_t> empty_quantization_vectors;  // tensors written with scale: [], zero_point: []
};

OptionsMaker Conv2dOptions(tfl::ActivationFunctionType activation,
                           tfl::Padding padding = tfl::Padding::SAME, int32_t stride = 1,
                           int32_t dilation = 1) {
  return [=](flatbuffers::FlatBufferBuilder& fbb) {
    return tfl::CreateConv2DOptions(fbb, padding, stride, stride, activation, dilation, dilation)
        .Union();
  };
}

// input [1,4,4,2] -> CONV_2D 1x1, 3 output channels, per-channel weights, RELU -> [1,4,4,3].
struct ConvModel {
  TfliteFile file;
  int32_t input, filter, bias, output;
};

ConvModel MakeConvModel(
    tfl::ActivationFunctionType activation = tfl::ActivationFunctionType::RELU) {
  ConvModel m;
  TfliteFile& f = m.file;
  m.input = f.Activation("input", {1, 4, 4, 2}, 0.5f, -1);
  m.filter =
      f.Int8Constant("conv/filter", {3, 1, 1, 2}, {1, -2, 3, -4, 5, -6}, {0.01f, 0.02f, 0.03f}, 0);
  m.bias = f.Int32Constant("conv/bias", {3}, {10, -20, 30}, {0.005f, 0.01f, 0.015f});
  m.output = f.Activation("conv", {1, 4, 4, 3}, 0.25f, 2);
  f.Op(kConv2d, {m.input, m.filter, m.bias}, {m.output}, tfl::BuiltinOptions::Conv2DOptions,
       Conv2dOptions(activation));
  f.inputs = {m.input};
  f.outputs = {m.output};
  return m;
}

Result<Graph> Import(const std::vector<uint8_t>& bytes) {
  return ImportTflite(std::span<const uint8_t>(bytes.data(), bytes.size()), "synthetic");
}

Result<TfliteImport> ImportWithNotes(const std::vector<uint8_t>& bytes) {
  return ImportTfliteWithNotes(std::span<const uint8_t>(bytes.data(), bytes.size()), "synthetic");
}

std::string MessageOf(const Result<Graph>& result) {
  return result.ok() ? std::string("ok") : std::string(result.status().message());
}

// ---------------------------------------------------------------------------------------------
// Synthetic models: mapping.

TEST(TfliteImport, MapsConvolutionWithOperandsAttributesAndPerChannelQuantization) {
  ConvModel m = MakeConvModel();
  const auto graph = Import(m.file.Bytes());
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  EXPECT_EQ(graph->name, "synthetic");
  ASSERT_EQ(graph->ops.size(), 1u);
  const Op& op = graph->ops[0];
  EXPECT_EQ(op.kind, OpKind::kConv2d);
  EXPECT_EQ(op.name, "conv");
  ASSERT_EQ(op.inputs.size(), 3u);
  const Tensor& filter = graph->tensors[op.inputs[1]];
  EXPECT_TRUE(filter.is_constant);
  EXPECT_EQ(filter.shape, (std::vector<int32_t>{3, 1, 1, 2}));
  EXPECT_EQ(filter.quantization.scales, (std::vector<float>{0.01f, 0.02f, 0.03f}));
  EXPECT_EQ(filter.quantization.quantized_dimension, 0);
  EXPECT_EQ(filter.data, Int8Bytes({1, -2, 3, -4, 5, -6}));
  const Tensor& bias = graph->tensors[op.inputs[2]];
  EXPECT_EQ(bias.type, DataType::kInt32);
  EXPECT_EQ(bias.data, Int32Bytes({10, -20, 30}));
  const auto& a = std::get<Conv2dAttributes>(op.attributes);
  EXPECT_EQ(a.padding, Padding::SAME);
  EXPECT_EQ(a.activation, Activation::RELU);
  EXPECT_EQ(a.stride_h, 1);
  EXPECT_EQ(a.dilation_w, 1);
  ASSERT_EQ(graph->inputs.size(), 1u);
  EXPECT_EQ(graph->tensors[graph->inputs[0]].zero_point(), -1);
  EXPECT_FLOAT_EQ(graph->tensors[graph->outputs[0]].scale(), 0.25f);
}

TEST(TfliteImport, MapsEveryFusedActivationWeRun) {
  const std::map<tfl::ActivationFunctionType, Activation> expected = {
      {tfl::ActivationFunctionType::NONE, Activation::NONE},
      {tfl::ActivationFunctionType::RELU, Activation::RELU},
      {tfl::ActivationFunctionType::RELU6, Activation::RELU6},
      {tfl::ActivationFunctionType::RELU_N1_TO_1, Activation::RELU_N1_TO_1}};
  for (const auto& [fused, ours] : expected) {
    const auto graph = Import(MakeConvModel(fused).file.Bytes());
    ASSERT_TRUE(graph.ok()) << MessageOf(graph);
    EXPECT_EQ(std::get<Conv2dAttributes>(graph->ops[0].attributes).activation, ours);
  }
}

TEST(TfliteImport, DropsUnusedConstantsAndRenumbersTensors) {
  ConvModel m = MakeConvModel();
  // An orphan constant before every used tensor shifts all indices by one when dropped.
  m.file.tensors.insert(
      m.file.tensors.begin(),
      {"orphan", {4}, tfl::TensorType::INT8, m.file.Buffer({1, 2, 3, 4}), {}, {}, 0});
  m.file.ops[0].inputs = {1, 2, 3};
  m.file.ops[0].outputs = {4};
  m.file.inputs = {1};
  m.file.outputs = {4};
  const auto imported = ImportWithNotes(m.file.Bytes());
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  const Graph& graph = imported->graph;
  ASSERT_EQ(graph.tensors.size(), 4u);
  for (const Tensor& t : graph.tensors) EXPECT_NE(t.name, "orphan");
  EXPECT_EQ(graph.ops[0].inputs, (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(graph.ops[0].outputs, (std::vector<int32_t>{3}));
  EXPECT_EQ(graph.inputs, (std::vector<int32_t>{0}));
  EXPECT_EQ(graph.outputs, (std::vector<int32_t>{3}));
  ASSERT_EQ(imported->notes.size(), 1u);
  EXPECT_NE(imported->notes[0].find("dropped 1 tensors"), std::string::npos);
}

// A model fed floats keeps its float interface: the edge QUANTIZE and DEQUANTIZE are ops of
// the graph, so the artifact takes and returns what TensorFlow Lite Micro would.
TEST(TfliteImport, KeepsQuantizeOnGraphInputAndDequantizeOnGraphOutputAsOps) {
  TfliteFile f;
  const int32_t x_float = f.Float("x", {1, 4});
  const int32_t x = f.Activation("x_int8", {1, 4}, 0.1f, 0);
  const int32_t w = f.Int8Constant("fc/weights", {2, 4}, {1, 2, 3, 4, 5, 6, 7, 8}, {0.05f});
  const int32_t b = f.Int32Constant("fc/bias", {2}, {7, -7}, {0.005f});
  const int32_t y = f.Activation("y_int8", {1, 2}, 0.2f, 3);
  const int32_t y_float = f.Float("y", {1, 2});
  f.Op(kQuantize, {x_float}, {x});
  f.Op(kFullyConnected, {x, w, b}, {y});
  f.Op(kDequantize, {y}, {y_float}, tfl::BuiltinOptions::NONE, nullptr, 2);
  f.inputs = {x_float};
  f.outputs = {y_float};
  const auto graph = Import(f.Bytes());
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  ASSERT_EQ(graph->ops.size(), 3u);
  EXPECT_EQ(graph->ops[0].kind, OpKind::kQuantizeFloat);
  EXPECT_EQ(graph->ops[1].kind, OpKind::kFullyConnected);
  EXPECT_EQ(graph->ops[2].kind, OpKind::kDequantize);
  EXPECT_EQ(graph->tensors[graph->inputs[0]].name, "x");
  EXPECT_EQ(graph->tensors[graph->inputs[0]].type, DataType::kFloat32);
  EXPECT_EQ(graph->tensors[graph->outputs[0]].name, "y");
  EXPECT_EQ(graph->tensors[graph->outputs[0]].type, DataType::kFloat32);
}

TEST(TfliteImport, MapsQuantizeBetweenIntegerTypesToRequantizeAndCastToCast) {
  TfliteFile f;
  const int32_t x = f.Activation("x", {1, 4}, 0.1f, 0);
  f.tensors[x].type = tfl::TensorType::INT16;
  const int32_t y = f.Activation("y", {1, 4}, 0.2f, 3);
  const int32_t z = f.Activation("z", {1, 4}, 0.2f, 3);
  f.tensors[z].type = tfl::TensorType::INT32;
  f.Op(kQuantize, {x}, {y});
  f.Op(kCast, {y}, {z}, tfl::BuiltinOptions::NONE, nullptr, 2);
  f.inputs = {x};
  f.outputs = {z};
  const auto graph = Import(f.Bytes());
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  ASSERT_EQ(graph->ops.size(), 2u);
  EXPECT_EQ(graph->ops[0].kind, OpKind::kRequantize);
  EXPECT_EQ(graph->ops[1].kind, OpKind::kCast);
  EXPECT_EQ(graph->tensors[graph->inputs[0]].type, DataType::kInt16);
}

// TFLM's QUANTIZE requantizes an int32 input (an accumulator) to int16 or int8; both are a
// requantize here, the int32 tensor kept as the graph's input.
TEST(TfliteImport, MapsQuantizeFromInt32ToInt16OrInt8ToRequantize) {
  for (const tfl::TensorType output_type : {tfl::TensorType::INT16, tfl::TensorType::INT8}) {
    TfliteFile f;
    const int32_t x = f.Activation("x", {2, 3}, 1.5e-5f, 0);
    f.tensors[x].type = tfl::TensorType::INT32;
    const int32_t y = f.Activation("y", {2, 3}, 0.02f, 0);
    f.tensors[y].type = output_type;
    f.Op(kQuantize, {x}, {y});
    f.inputs = {x};
    f.outputs = {y};
    const auto graph = Import(f.Bytes());
    ASSERT_TRUE(graph.ok()) << graph.status().message();
    ASSERT_EQ(graph->ops.size(), 1u);
    EXPECT_EQ(graph->ops[0].kind, OpKind::kRequantize);
    EXPECT_EQ(graph->tensors[graph->inputs[0]].type, DataType::kInt32);
    EXPECT_EQ(graph->tensors[graph->outputs[0]].type,
              output_type == tfl::TensorType::INT16 ? DataType::kInt16 : DataType::kInt8);
  }
}

// int32 -> int32 is no pair TFLM's QUANTIZE rescales (its Prepare computes no multiplier and its
// Eval has no such case), so the model is refused at import, naming the operator.
TEST(TfliteImport, RefusesQuantizeFromInt32ToInt32) {
  TfliteFile f;
  const int32_t x = f.Activation("x", {4}, 0.5f, 0);
  f.tensors[x].type = tfl::TensorType::INT32;
  const int32_t y = f.Activation("y", {4}, 0.25f, 0);
  f.tensors[y].type = tfl::TensorType::INT32;
  f.Op(kQuantize, {x}, {y});
  f.inputs = {x};
  f.outputs = {y};
  const auto graph = Import(f.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_NE(std::string(graph.status().message()).find("QUANTIZE"), std::string::npos)
      << graph.status().message();
}

TEST(TfliteImport, RefusesAnInt16TensorThatAnOpOtherThanAConversionReads) {
  TfliteFile f;
  const int32_t x_float = f.Float("x", {1, 4});
  const int32_t x = f.Activation("x_int16", {1, 4}, 0.1f, 0);
  f.tensors[x].type = tfl::TensorType::INT16;
  const int32_t y = f.Activation("y", {1, 4}, 0.1f, 0);
  f.tensors[y].type = tfl::TensorType::INT16;
  f.Op(kQuantize, {x_float}, {x});
  f.Op(kElu, {x}, {y});  // TFLM's ELU is int8 only, and so is ours
  f.inputs = {x_float};
  f.outputs = {y};
  const auto graph = Import(f.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_NE(std::string(graph.status().message()).find("ELU"), std::string::npos)
      << graph.status().message();
}

TEST(TfliteImport, ReordersTransposeConvOperandsAndDropsOutputShape) {
  TfliteFile f;
  const int32_t output_shape = f.Int32Constant("output_shape", {4}, {1, 4, 4, 2});
  const int32_t filter =
      f.Int8Constant("tconv/filter", {2, 3, 3, 1}, std::vector<int8_t>(18, 1), {0.1f, 0.2f}, 0);
  const int32_t input = f.Activation("input", {1, 2, 2, 1}, 0.5f, 0);
  const int32_t bias = f.Int32Constant("tconv/bias", {2}, {0, 0}, {0.05f, 0.1f});
  const int32_t output = f.Activation("tconv", {1, 4, 4, 2}, 0.5f, 0);
  f.Op(kTransposeConv, {output_shape, filter, input, bias}, {output},
       tfl::BuiltinOptions::TransposeConvOptions, [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateTransposeConvOptions(fbb, tfl::Padding::SAME, 2, 2).Union();
       });
  f.inputs = {input};
  f.outputs = {output};
  const auto graph = Import(f.Bytes());
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  const Op& op = graph->ops[0];
  EXPECT_EQ(op.kind, OpKind::kTransposeConv2d);
  ASSERT_EQ(op.inputs.size(), 3u);
  EXPECT_EQ(graph->tensors[op.inputs[0]].name, "input");
  EXPECT_EQ(graph->tensors[op.inputs[1]].name, "tconv/filter");
  EXPECT_EQ(graph->tensors[op.inputs[2]].name, "tconv/bias");
  EXPECT_EQ(graph->tensors.size(), 4u);
  const auto& a = std::get<TransposeConv2dAttributes>(op.attributes);
  EXPECT_EQ(a.stride_h, 2);
  EXPECT_EQ(a.padding, Padding::SAME);
}

TEST(TfliteImport, RefusesTransposeConvWhoseOutputShapeOperandDisagreesWithItsOutput) {
  TfliteFile f;
  const int32_t output_shape = f.Int32Constant("output_shape", {4}, {1, 5, 4, 2});
  const int32_t filter =
      f.Int8Constant("tconv/filter", {2, 3, 3, 1}, std::vector<int8_t>(18, 1), {0.1f});
  const int32_t input = f.Activation("input", {1, 2, 2, 1}, 0.5f, 0);
  const int32_t output = f.Activation("tconv", {1, 4, 4, 2}, 0.5f, 0);
  f.Op(kTransposeConv, {output_shape, filter, input}, {output},
       tfl::BuiltinOptions::TransposeConvOptions, [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateTransposeConvOptions(fbb, tfl::Padding::SAME, 2, 2).Union();
       });
  f.inputs = {input};
  f.outputs = {output};
  const auto graph = Import(f.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_STREQ(graph.status().message(),
               "operator 0 (TRANSPOSE_CONV): output_shape [1,5,4,2] differs from the output "
               "tensor's shape [1,4,4,2]");
}

TEST(TfliteImport, MovesPaddingsIntoAttributesAndAcceptsPadV2WithTheZeroPointAsValue) {
  for (const int32_t builtin : {kPad, kPadV2}) {
    TfliteFile f;
    // TFLM requires the value to share the output's quantization (Int8Constant's zero point 0).
    const int32_t input = f.Activation("input", {1, 2, 2, 1}, 0.5f, 0);
    const int32_t paddings = f.Int32Constant("paddings", {4, 2}, {0, 0, 1, 2, 3, 0, 0, 0});
    const int32_t value = f.Int8Constant("value", {}, {0}, {0.5f});
    const int32_t output = f.Activation("pad", {1, 5, 5, 1}, 0.5f, 0);
    std::vector<int32_t> inputs = {input, paddings};
    if (builtin == kPadV2) inputs.push_back(value);
    f.Op(builtin, inputs, {output});
    f.inputs = {input};
    f.outputs = {output};
    const auto graph = Import(f.Bytes());
    ASSERT_TRUE(graph.ok()) << MessageOf(graph);
    const Op& op = graph->ops[0];
    EXPECT_EQ(op.kind, OpKind::kPad);
    EXPECT_EQ(op.inputs.size(), 1u);
    const auto& a = std::get<PadAttributes>(op.attributes);
    EXPECT_EQ(a.before, (std::vector<int32_t>{0, 1, 3, 0}));
    EXPECT_EQ(a.after, (std::vector<int32_t>{0, 2, 0, 0}));
    EXPECT_FALSE(a.pad_value.has_value());
    EXPECT_EQ(graph->tensors.size(), 2u);
  }
}

TEST(TfliteImport, MovesAPadV2ValueOtherThanTheOutputZeroPointIntoAttributes) {
  TfliteFile f;
  const int32_t input = f.Activation("input", {1, 2}, 0.5f, 0);
  const int32_t paddings = f.Int32Constant("paddings", {2, 2}, {0, 0, 1, 1});
  const int32_t value = f.Int8Constant("value", {1}, {5}, {0.5f});
  const int32_t output = f.Activation("pad", {1, 4}, 0.5f, 0);
  f.Op(kPadV2, {input, paddings, value}, {output});
  f.inputs = {input};
  f.outputs = {output};
  const auto graph = Import(f.Bytes());
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  const auto& a = std::get<PadAttributes>(graph->ops[0].attributes);
  EXPECT_EQ(a.pad_value, std::optional<int32_t>(5));
}

TEST(TfliteImport, RefusesPadV2WhoseValueIsNotQuantizedAsTheOutput) {
  TfliteFile f;
  const int32_t input = f.Activation("input", {1, 2}, 0.5f, 0);
  const int32_t paddings = f.Int32Constant("paddings", {2, 2}, {0, 0, 1, 1});
  const int32_t value = f.Int8Constant("value", {1}, {5}, {0.25f});
  const int32_t output = f.Activation("pad", {1, 4}, 0.5f, 0);
  f.Op(kPadV2, {input, paddings, value}, {output});
  f.inputs = {input};
  f.outputs = {output};
  const auto graph = Import(f.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_STREQ(graph.status().message(),
               "unsupported operators: PADV2 v1 (constant_values quantization (0.25, 0) differs "
               "from the output's (0.5, 0)) x1");
}

TEST(TfliteImport, MapsPoolingSoftmaxReshapeConcatenationAddAndBatchMatmulAttributes) {
  TfliteFile f;
  const int32_t input = f.Activation("input", {1, 4, 4, 2}, 0.5f, 0);
  const int32_t pooled = f.Activation("pool", {1, 2, 2, 2}, 0.5f, 0);
  f.Op(kMaxPool2d, {input}, {pooled}, tfl::BuiltinOptions::Pool2DOptions,
       [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreatePool2DOptions(fbb, tfl::Padding::VALID, 2, 2, 2, 2).Union();
       });
  const int32_t shape = f.Int32Constant("shape", {2}, {1, 8});
  const int32_t flat = f.Activation("flat", {1, 8}, 0.5f, 0);
  f.Op(kReshape, {pooled, shape}, {flat});
  const int32_t doubled = f.Activation("concat", {2, 8}, 0.5f, 0);
  f.Op(kConcatenation, {flat, flat}, {doubled}, tfl::BuiltinOptions::ConcatenationOptions,
       [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateConcatenationOptions(fbb, -2).Union();
       });
  const int32_t sum = f.Activation("add", {2, 8}, 1.0f, 0);
  f.Op(kAdd, {doubled, doubled}, {sum}, tfl::BuiltinOptions::AddOptions,
       [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateAddOptions(fbb, tfl::ActivationFunctionType::RELU6).Union();
       });
  const int32_t product = f.Activation("bmm", {8, 8}, 2.0f, 0);
  f.Op(kBatchMatmul, {sum, sum}, {product}, tfl::BuiltinOptions::BatchMatMulOptions,
       [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateBatchMatMulOptions(fbb, true, false).Union();
       });
  const int32_t probabilities = f.Activation("softmax", {8, 8}, 1.0f / 256, -128);
  f.Op(kSoftmax, {product}, {probabilities}, tfl::BuiltinOptions::SoftmaxOptions,
       [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateSoftmaxOptions(fbb, 0.5f).Union();
       });
  f.inputs = {input};
  f.outputs = {probabilities};
  const auto graph = Import(f.Bytes());
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  ASSERT_EQ(graph->ops.size(), 6u);
  const auto& pool = std::get<MaxPool2dAttributes>(graph->ops[0].attributes);
  EXPECT_EQ(graph->ops[0].kind, OpKind::kMaxPool2d);
  EXPECT_EQ(pool.padding, Padding::VALID);
  EXPECT_EQ(pool.filter_h, 2);
  EXPECT_EQ(pool.stride_w, 2);
  EXPECT_EQ(graph->ops[1].kind, OpKind::kReshape);
  EXPECT_EQ(graph->ops[1].inputs.size(), 1u);  // the shape operand is dropped
  EXPECT_EQ(std::get<ConcatenationAttributes>(graph->ops[2].attributes).axis, -2);
  EXPECT_EQ(std::get<AddAttributes>(graph->ops[3].attributes).activation, Activation::RELU6);
  const auto& bmm = std::get<BatchMatmulAttributes>(graph->ops[4].attributes);
  EXPECT_TRUE(bmm.adj_x);
  EXPECT_FALSE(bmm.adj_y);
  EXPECT_FLOAT_EQ(std::get<SoftmaxAttributes>(graph->ops[5].attributes).beta, 0.5f);
  for (const Tensor& t : graph->tensors) EXPECT_NE(t.name, "shape");
}

// Both only restate the static output shape over the same bytes: one reshape, aliased (no copy).
TEST(TfliteImport, MapsSqueezeAndExpandDimsToReshapeDroppingTheAxisOperand) {
  TfliteFile f;
  const int32_t input = f.Activation("input", {1, 4, 1, 2}, 0.5f, 0);
  const int32_t squeezed = f.Activation("squeezed", {4, 2}, 0.5f, 0);
  f.Op(kSqueeze, {input}, {squeezed});
  const int32_t axis = f.Int32Constant("axis", {1}, {0});
  const int32_t expanded = f.Activation("expanded", {1, 4, 2}, 0.5f, 0);
  f.Op(kExpandDims, {squeezed, axis}, {expanded});
  f.inputs = {input};
  f.outputs = {expanded};
  const auto graph = Import(f.Bytes());
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  ASSERT_EQ(graph->ops.size(), 2u);
  for (const Op& op : graph->ops) {
    EXPECT_EQ(op.kind, OpKind::kReshape);
    EXPECT_EQ(op.inputs.size(), 1u);
  }
  for (const Tensor& t : graph->tensors) EXPECT_NE(t.name, "axis");
}

TEST(TfliteImport, DerivesDepthwiseMultiplierFromShapesAndNotesADisagreeingOption) {
  TfliteFile f;
  const int32_t input = f.Activation("input", {1, 3, 3, 2}, 0.5f, 0);
  const int32_t filter = f.Int8Constant("dw/filter", {1, 3, 3, 4}, std::vector<int8_t>(36, 1),
                                        {0.1f, 0.1f, 0.1f, 0.1f}, 3);
  const int32_t output = f.Activation("dw", {1, 3, 3, 4}, 0.5f, 0);
  f.Op(kDepthwiseConv2d, {input, filter}, {output}, tfl::BuiltinOptions::DepthwiseConv2DOptions,
       [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateDepthwiseConv2DOptions(fbb, tfl::Padding::SAME, 1, 1, 1).Union();
       });
  f.inputs = {input};
  f.outputs = {output};
  const auto imported = ImportWithNotes(f.Bytes());
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  const Op& op = imported->graph.ops[0];
  EXPECT_EQ(op.inputs.size(), 2u);  // no bias
  EXPECT_EQ(std::get<DepthwiseConv2dAttributes>(op.attributes).depth_multiplier, 2);
  ASSERT_EQ(imported->notes.size(), 1u);
  EXPECT_EQ(imported->notes[0],
            "operator 0 (DEPTHWISE_CONV_2D): depth_multiplier option 1 ignored, shapes give 2");
  EXPECT_EQ(imported->graph.tensors[op.inputs[1]].quantization.quantized_dimension, 3);
}

// ---------------------------------------------------------------------------------------------
// Unsupported models.

TEST(TfliteImport, ListsEveryUnsupportedOperatorWithVersionAndCount) {
  ConvModel m = MakeConvModel();
  TfliteFile& f = m.file;
  const int32_t a = f.Activation("a", {1, 4}, 1.0f, 0);
  const int32_t b = f.Activation("b", {1, 4}, 1.0f, 0);
  const int32_t c = f.Activation("c", {1, 4}, 1.0f, 0);
  const int32_t d = f.Activation("d", {1, 4}, 1.0f, 0);
  const int32_t e = f.Activation("e", {1, 4}, 1.0f, 0);
  f.Op(kRnn, {a}, {b});
  f.Op(kBidirectionalLstm, {b}, {c}, tfl::BuiltinOptions::NONE, nullptr, 4);
  f.Op(kRnn, {c}, {d});
  f.Op(kGelu, {d}, {e});
  f.Op(kCustom, {e}, {a}, tfl::BuiltinOptions::NONE, nullptr, 1, "SignalWindow");
  const auto graph = Import(f.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_STREQ(graph.status().message(),
               "unsupported operators: UNIDIRECTIONAL_SEQUENCE_RNN v1 x2, "
               "BIDIRECTIONAL_SEQUENCE_LSTM v4 x1, GELU v1 x1, CUSTOM(SignalWindow) v1 x1");
}

// TFLite's LSTMs carry intermediate tensors of shape [0]: the user must learn the operator is
// unsupported, not that a tensor looks malformed.
TEST(TfliteImport, NamesAnUnsupportedOperatorBeforeCheckingItsTensors) {
  TfliteFile f;
  const int32_t input = f.Activation("input", {1, 4}, 1.0f, 0);
  const int32_t intermediate = f.Activation("input_to_input_intermediate", {0}, 1.0f, 0);
  const int32_t output = f.Activation("output", {1, 4}, 1.0f, 0);
  f.Op(kBidirectionalLstm, {input, intermediate}, {output});
  f.inputs = {input};
  f.outputs = {output};
  const auto graph = Import(f.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_STREQ(graph.status().message(),
               "unsupported operators: BIDIRECTIONAL_SEQUENCE_LSTM v1 x1");
}

TEST(TfliteImport, ListsFusedActivationsWeCannotRunAsUnsupported) {
  const auto graph = Import(MakeConvModel(tfl::ActivationFunctionType::TANH).file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_STREQ(graph.status().message(),
               "unsupported operators: CONV_2D v1 (fused activation TANH) x1");
}

// TensorFlow Lite Micro's CONCATENATION takes no fused activation: one is refused by name, never
// dropped (the output would not be the model's).
TEST(TfliteImport, RefusesAConcatenationWithAFusedActivation) {
  TfliteFile f;
  const int32_t x = f.Activation("x", {1, 4}, 0.5f, 0);
  const int32_t y = f.Activation("y", {1, 4}, 0.5f, 0);
  const int32_t z = f.Activation("z", {2, 4}, 0.5f, 0);
  f.Op(kConcatenation, {x, y}, {z}, tfl::BuiltinOptions::ConcatenationOptions,
       [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateConcatenationOptions(fbb, 0, tfl::ActivationFunctionType::RELU).Union();
       });
  f.inputs = {x, y};
  f.outputs = {z};
  const auto graph = Import(f.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_STREQ(graph.status().message(),
               "unsupported operators: CONCATENATION v1 (a fused activation (TensorFlow Lite "
               "Micro's CONCATENATION takes none)) x1");
}

TEST(TfliteImport, MapsInt8RequantizationInsideTheGraphToTheQuantizeOp) {
  ConvModel m = MakeConvModel();
  const int32_t requantized = m.file.Activation("requantized", {1, 4, 4, 3}, 0.5f, 0);
  m.file.Op(kQuantize, {m.output}, {requantized}, tfl::BuiltinOptions::NONE, nullptr, 2);
  m.file.outputs = {requantized};
  const auto graph = Import(m.file.Bytes());
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  ASSERT_EQ(graph->ops.size(), 2u);
  EXPECT_EQ(graph->ops[1].kind, OpKind::kQuantize);
}

TEST(TfliteImport, RefusesFloatTensorsNamingThem) {
  ConvModel m = MakeConvModel();
  m.file.tensors[m.input].type = tfl::TensorType::FLOAT32;
  m.file.tensors[m.output].type = tfl::TensorType::FLOAT32;
  const auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_STREQ(graph.status().message(),
               "unsupported tensors (int8, int32 and bool; float32 only into or out of QUANTIZE, "
               "DEQUANTIZE and CAST, int16 as the activations of the operators that have int16 "
               "kernels): tensor 0 (input) is FLOAT32, "
               "tensor 3 (conv) is FLOAT32; the model computes in float inside the graph: "
               "quantize it fully to int8 (TFLiteConverter with a representative dataset)");
  EXPECT_EQ(graph.status().tensor_index(), 0);
}

// A mapping that vouches for int16 activations (16x8 models) lets the importer's tensor check
// through, so it refuses float ones and mixed widths itself, naming the operator.
TEST(TfliteImport, MovesInt16ActivationsButRefusesFloatOrMixedOnes) {
  const auto concatenation = [](tfl::TensorType a, tfl::TensorType b) {
    TfliteFile f;
    const int32_t x = f.Activation("x", {1, 4}, 0.5f, 0);
    const int32_t y = f.Activation("y", {1, 4}, 0.5f, 0);
    const int32_t z = f.Activation("z", {2, 4}, 0.5f, 0);
    f.tensors[x].type = a;
    f.tensors[y].type = b;
    f.tensors[z].type = a;
    f.Op(kConcatenation, {x, y}, {z}, tfl::BuiltinOptions::ConcatenationOptions,
         [](flatbuffers::FlatBufferBuilder& fbb) {
           return tfl::CreateConcatenationOptions(fbb, 0).Union();
         });
    f.inputs = {x, y};
    f.outputs = {z};
    return Import(f.Bytes());
  };
  const auto int16 = concatenation(tfl::TensorType::INT16, tfl::TensorType::INT16);
  ASSERT_TRUE(int16.ok()) << MessageOf(int16);
  EXPECT_EQ(int16->tensors[int16->outputs[0]].type, DataType::kInt16);
  for (const auto& refused : {concatenation(tfl::TensorType::FLOAT32, tfl::TensorType::FLOAT32),
                              concatenation(tfl::TensorType::INT16, tfl::TensorType::INT8)}) {
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.status().code(), ErrorCode::kImportUnsupported);
    EXPECT_NE(std::string(refused.status().message()).find("CONCATENATION"), std::string::npos)
        << refused.status().message();
  }
}

TEST(TfliteImport, AcceptsABoolTensorAsAnOperatorOutputAndAGraphOutput) {
  TfliteFile f;
  const int32_t x = f.Activation("x", {2, 3}, 0.5f, -1);
  const int32_t y = f.Activation("y", {1, 3}, 0.25f, 4);
  const int32_t less = f.Activation("less", {2, 3}, 1.0f, 0);
  f.tensors[less].type = tfl::TensorType::BOOL;
  f.Op(kLess, {x, y}, {less}, tfl::BuiltinOptions::NONE, nullptr);
  f.inputs = {x, y};
  f.outputs = {less};
  const auto graph = Import(f.Bytes());
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  ASSERT_EQ(graph->ops.size(), 1u);
  EXPECT_EQ(graph->ops[0].kind, OpKind::kComparison);
  EXPECT_EQ(std::get<ComparisonAttributes>(graph->ops[0].attributes).kind,
            static_cast<int32_t>(kernels::ComparisonKind::kLess));
  EXPECT_EQ(graph->tensors[graph->outputs[0]].type, DataType::kBool);
}

TEST(TfliteImport, RefusesOtherSchemaVersionsAndSeveralSubgraphs) {
  ConvModel m = MakeConvModel();
  m.file.schema_version = 2;
  auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_STREQ(graph.status().message(), "schema version 2; only version 3 is supported");
  m.file.schema_version = 3;
  m.file.subgraph_count = 2;
  graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportUnsupported);
  EXPECT_NE(std::string(graph.status().message()).find("model has 2 subgraphs"), std::string::npos);
}

// ---------------------------------------------------------------------------------------------
// Malformed files.

TEST(TfliteImport, RefusesABadIdentifier) {
  std::vector<uint8_t> bytes = MakeConvModel().file.Bytes();
  std::memcpy(bytes.data() + 4, "ARST", 4);
  const auto graph = Import(bytes);
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_STREQ(graph.status().message(),
               "file identifier is \"ARST\", expected \"TFL3\"; this is not a TensorFlow Lite "
               "model");
}

TEST(TfliteImport, RefusesEveryTruncationAtEachEighth) {
  const std::vector<uint8_t> bytes = MakeConvModel().file.Bytes();
  for (int eighth = 0; eighth < 8; ++eighth) {
    const std::vector<uint8_t> truncated(bytes.begin(), bytes.begin() + bytes.size() * eighth / 8);
    const auto graph = Import(truncated);
    ASSERT_FALSE(graph.ok()) << eighth << "/8";
    EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed) << eighth << "/8";
  }
}

TEST(TfliteImport, RefusesAnOutOfRangeTensorIndexNamingTheOperator) {
  ConvModel m = MakeConvModel();
  m.file.ops[0].inputs[1] = 99;
  const auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_STREQ(graph.status().message(),
               "operator 0: input tensor index 99 is out of range [0, 4)");
  EXPECT_EQ(graph.status().op_index(), 0);
}

// RESHAPE's shape operand is dropped by its mapping, but the file still runs in order: a shape
// that a later operator writes is a cycle, refused before anything is mapped.
TEST(TfliteImport, RefusesAnOperandALaterOperatorWritesEvenWhenTheMappingDropsIt) {
  TfliteFile f;
  const int32_t input = f.Activation("input", {1, 8}, 0.5f, 0);
  const int32_t shape = f.Tensor({"shape", {2}, tfl::TensorType::INT32, 0, {}, {}, 0});
  const int32_t flat = f.Activation("flat", {2, 4}, 0.5f, 0);
  f.Op(kReshape, {input, shape}, {flat});
  const int32_t added = f.Activation("add", {2, 4}, 1.0f, 0);
  f.Op(kAdd, {flat, flat}, {added}, tfl::BuiltinOptions::AddOptions,
       [](flatbuffers::FlatBufferBuilder& fbb) {
         return tfl::CreateAddOptions(fbb, tfl::ActivationFunctionType::NONE).Union();
       });
  f.Op(kCast, {added}, {shape});  // writes the shape the reshape above read
  f.inputs = {input};
  f.outputs = {added};
  const auto graph = Import(f.Bytes());
  ASSERT_FALSE(graph.ok()) << "a cycle through a dropped operand was imported";
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_NE(std::string(graph.status().message()).find("cycle"), std::string::npos)
      << graph.status().message();
  EXPECT_EQ(graph.status().op_index(), 0);
}

// The importer and the runtime share one element limit: what imports, the runtime accepts.
TEST(TfliteImport, RefusesATensorOfTwoToThe31ElementsAsTheRuntimeDoes) {
  ConvModel m = MakeConvModel();
  m.file.Activation("huge", {1 << 16, 1 << 15}, 0.5f, 0);
  const auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_NE(std::string(graph.status().message()).find("more than 2147483647 elements"),
            std::string::npos)
      << graph.status().message();
}

TEST(TfliteImport, RefusesAnOperatorThatReadsItsOwnOutput) {
  ConvModel m = MakeConvModel();
  m.file.ops[0].inputs[0] = m.output;
  const auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_NE(std::string(graph.status().message()).find("writes itself"), std::string::npos)
      << graph.status().message();
}

TEST(TfliteImport, RefusesAnOutOfRangeOpcodeAndBufferIndex) {
  ConvModel m = MakeConvModel();
  m.file.ops[0].opcode = 5;
  auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_STREQ(graph.status().message(), "operator 0: opcode_index 5 is out of range [0, 1)");
  m = MakeConvModel();
  m.file.tensors[m.filter].buffer = 40;
  graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_STREQ(graph.status().message(),
               "tensor 1 (conv/filter): buffer index 40 is out of range [0, 3)");
}

TEST(TfliteImport, RefusesABufferOffsetOrSizeOutsideTheFile) {
  for (const auto& [offset, size] : std::vector<std::pair<uint64_t, uint64_t>>{
           {1u << 20, 6}, {64, 1u << 20}, {~uint64_t{0} - 2, 6}}) {
    ConvModel m = MakeConvModel();
    m.file.buffers[m.file.tensors[m.filter].buffer] = {{}, offset, size};
    const std::vector<uint8_t> bytes = m.file.Bytes();
    const auto graph = Import(bytes);
    ASSERT_FALSE(graph.ok()) << offset;
    EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
    EXPECT_EQ(std::string(graph.status().message()),
              "tensor 1 (conv/filter): buffer 1 points at bytes [" + std::to_string(offset) +
                  ", +" + std::to_string(size) + ") outside the " + std::to_string(bytes.size()) +
                  "-byte file");
    EXPECT_EQ(graph.status().tensor_index(), 1);
  }
}

TEST(TfliteImport, LoadsWeightsStoredOutsideTheFlatBufferThroughOffsetAndSize) {
  const std::vector<uint8_t> weights = Int8Bytes({9, -9, 8, -8, 7, -7});
  ConvModel m = MakeConvModel();
  const uint32_t buffer = m.file.tensors[m.filter].buffer;
  // The offset's encoding has a fixed size, so a placeholder gives the FlatBuffer's final size.
  m.file.buffers[buffer] = {{}, 2, weights.size()};
  const size_t flatbuffer_bytes = m.file.Bytes().size();
  const uint64_t offset = (flatbuffer_bytes + 15) / 16 * 16;
  m.file.buffers[buffer] = {{}, offset, weights.size()};
  std::vector<uint8_t> bytes = m.file.Bytes();
  ASSERT_EQ(bytes.size(), flatbuffer_bytes);
  bytes.resize(offset, 0);
  bytes.insert(bytes.end(), weights.begin(), weights.end());
  const auto graph = Import(bytes);
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  const Tensor& filter = graph->tensors[graph->ops[0].inputs[1]];
  EXPECT_TRUE(filter.is_constant);
  EXPECT_EQ(filter.data, weights);
}

TEST(TfliteImport, RefusesConstantDataOfTheWrongSize) {
  ConvModel m = MakeConvModel();
  m.file.buffers[m.file.tensors[m.bias].buffer].data.resize(8);
  const auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_STREQ(graph.status().message(),
               "tensor 2 (conv/bias): buffer 2 holds 8 bytes, but shape [3] of INT32 needs 12");
}

TEST(TfliteImport, RefusesZeroAndNegativeDimensionsNamingTheTensor) {
  for (const int32_t dim : {0, -1}) {
    ConvModel m = MakeConvModel();
    m.file.tensors[m.output].shape[1] = dim;
    const auto graph = Import(m.file.Bytes());
    ASSERT_FALSE(graph.ok());
    EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
    EXPECT_EQ(std::string(graph.status().message()),
              "tensor 3 (conv): dimension " + std::to_string(dim) + " in shape [1," +
                  std::to_string(dim) + ",4,3] is not in [1, 2^24]");
  }
}

TEST(TfliteImport, RefusesInconsistentShapesNamingTheOperator) {
  ConvModel m = MakeConvModel();
  m.file.tensors[m.output].shape = {1, 3, 4, 3};
  const auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_EQ(graph.status().op_index(), 0);
  const std::string message = graph.status().message();
  EXPECT_EQ(message.rfind("operator 0 (CONV_2D): ", 0), 0u) << message;
  EXPECT_NE(message.find("has shape [1,3,4,3], expected [1,4,4,3]"), std::string::npos) << message;
}

TEST(TfliteImport, RefusesPerChannelScalesThatDoNotMatchTheQuantizedDimension) {
  ConvModel m = MakeConvModel();
  m.file.tensors[m.filter].quantized_dimension = 3;
  const auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_STREQ(graph.status().message(),
               "tensor 1 (conv/filter): 3 per-channel scales along dimension 3 do not match "
               "shape [3,1,1,2]");
}

// TensorFlow Lite reads a 1-D tensor's scales along its only axis whatever quantized_dimension
// says; converters copy the depthwise filter's axis 3 onto its bias (TFLM's person detection).
TEST(TfliteImport, AcceptsA1DBiasWhoseQuantizedDimensionIsNotZero) {
  ConvModel m = MakeConvModel();
  m.file.tensors[m.bias].quantized_dimension = 3;
  const auto graph = Import(m.file.Bytes());
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  const Tensor& bias = graph->tensors[graph->ops[0].inputs[2]];
  EXPECT_EQ(bias.quantization.scales.size(), 3u);
  EXPECT_EQ(bias.quantization.quantized_dimension, 0);
}

TEST(TfliteImport, RefusesOptionsOfTheWrongTypeAndMissingRequiredOptions) {
  ConvModel m = MakeConvModel();
  // AddOptions' layout happens to verify over a Conv2DOptions table; only the type is wrong.
  m.file.ops[0].options_type = tfl::BuiltinOptions::AddOptions;
  auto graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_STREQ(graph.status().message(),
               "operator 0 (CONV_2D): options are of union type 11, expected 1 (Conv2DOptions)");
  m.file.ops[0].options_type = tfl::BuiltinOptions::NONE;
  m.file.ops[0].options = nullptr;
  graph = Import(m.file.Bytes());
  ASSERT_FALSE(graph.ok());
  EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed);
  EXPECT_STREQ(graph.status().message(), "operator 0 (CONV_2D): has no Conv2DOptions");
}

// Found by the fuzzer (UBSan): present-but-empty quantization vectors mean "not quantized".
TEST(TfliteImport, TreatsEmptyQuantizationVectorsAsUnquantized) {
  ConvModel m = MakeConvModel();
  m.file.tensors[m.bias].scales.clear();
  m.file.tensors[m.bias].zero_points.clear();
  m.file.empty_quantization_vectors = {m.bias};
  const auto graph = Import(m.file.Bytes());
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  const Tensor& bias = graph->tensors[graph->ops[0].inputs[2]];
  EXPECT_TRUE(bias.quantization.scales.empty());
  EXPECT_TRUE(bias.quantization.zero_points.empty());
}

TEST(TfliteImport, ReadsBytesThatAreNotAlignedInMemory) {
  const std::vector<uint8_t> bytes = MakeConvModel().file.Bytes();
  std::vector<uint8_t> shifted(bytes.size() + 1);
  std::memcpy(shifted.data() + 1, bytes.data(), bytes.size());
  const auto graph = ImportTflite(std::span<const uint8_t>(shifted.data() + 1, bytes.size()), "x");
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  EXPECT_EQ(graph->ops.size(), 1u);
}

// ---------------------------------------------------------------------------------------------
// The real models in ../shared/models, against the table in their README.

struct ModelFacts {
  const char* file;
  std::map<OpKind, int> op_counts;
  std::vector<int32_t> input_shape;
  float input_scale;
  int32_t input_zero_point;
  std::vector<int32_t> output_shape;
  float output_scale;
  int32_t output_zero_point;
};

const std::vector<ModelFacts>& RealModels() {
  static const std::vector<ModelFacts> models = {
      {"kws_ref_model.tflite",
       {{OpKind::kConv2d, 5},
        {OpKind::kDepthwiseConv2d, 4},
        {OpKind::kAveragePool2d, 1},
        {OpKind::kReshape, 1},
        {OpKind::kFullyConnected, 1},
        {OpKind::kSoftmax, 1}},
       {1, 49, 10, 1},
       0.584702909f,
       83,
       {1, 12},
       1.0f / 256,
       -128},
      {"vww_96_int8.tflite",
       {{OpKind::kConv2d, 14},
        {OpKind::kDepthwiseConv2d, 13},
        {OpKind::kAveragePool2d, 1},
        {OpKind::kReshape, 1},
        {OpKind::kFullyConnected, 1},
        {OpKind::kSoftmax, 1}},
       {1, 96, 96, 3},
       1.0f / 255,
       -128,
       {1, 2},
       1.0f / 256,
       -128},
      {"pretrainedResnet_quant.tflite",
       {{OpKind::kConv2d, 9},
        {OpKind::kAdd, 3},
        {OpKind::kAveragePool2d, 1},
        {OpKind::kReshape, 1},
        {OpKind::kFullyConnected, 1},
        {OpKind::kSoftmax, 1}},
       {1, 32, 32, 3},
       1.0f,
       -128,
       {1, 10},
       1.0f / 256,
       -128},
      {"ad01_int8.tflite",
       {{OpKind::kFullyConnected, 10}},
       {1, 640},
       0.391015232f,
       89,
       {1, 640},
       0.364498466f,
       96},
      {"micro_speech_quantized.tflite",
       {{OpKind::kDepthwiseConv2d, 1},
        {OpKind::kFullyConnected, 1},
        {OpKind::kReshape, 1},
        {OpKind::kSoftmax, 1}},
       {1, 1960},
       0.101715684f,
       -128,
       {1, 4},
       1.0f / 256,
       -128},
      {"hello_world_int8.tflite",
       {{OpKind::kFullyConnected, 3}},
       {1, 1},
       0.0244801156f,
       -128,
       {1, 1},
       0.00829095673f,
       5},
  };
  return models;
}

std::filesystem::path ModelsDir() {
  return std::filesystem::path(ARENASTORE_SHARED_DIR) / "models";
}

std::vector<uint8_t> ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

class RealModel : public testing::TestWithParam<ModelFacts> {
 protected:
  void SetUp() override {
    const std::filesystem::path path = ModelsDir() / GetParam().file;
    if (!std::filesystem::exists(path)) {
      GTEST_SKIP() << path << " is absent (the shared models folder is optional)";
    }
    bytes_ = ReadFile(path);
  }
  std::vector<uint8_t> bytes_;
};

TEST_P(RealModel, ImportsWithTheOperatorCountsOfTheReadme) {
  const auto graph = Import(bytes_);
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  std::map<OpKind, int> counts;
  for (const Op& op : graph->ops) ++counts[op.kind];
  EXPECT_EQ(counts, GetParam().op_counts);
}

TEST_P(RealModel, KeepsTheReadmeInputAndOutputShapesTypesAndQuantization) {
  const auto graph = Import(bytes_);
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  ASSERT_EQ(graph->inputs.size(), 1u);
  ASSERT_EQ(graph->outputs.size(), 1u);
  const ModelFacts& facts = GetParam();
  const Tensor& input = graph->tensors[graph->inputs[0]];
  const Tensor& output = graph->tensors[graph->outputs[0]];
  EXPECT_EQ(input.type, DataType::kInt8);
  EXPECT_EQ(output.type, DataType::kInt8);
  EXPECT_EQ(input.shape, facts.input_shape);
  EXPECT_EQ(output.shape, facts.output_shape);
  EXPECT_NEAR(input.scale(), facts.input_scale, facts.input_scale * 1e-6);
  EXPECT_NEAR(output.scale(), facts.output_scale, facts.output_scale * 1e-6);
  EXPECT_EQ(input.zero_point(), facts.input_zero_point);
  EXPECT_EQ(output.zero_point(), facts.output_zero_point);
}

TEST_P(RealModel, KeepsPerChannelConvolutionWeightsAndPerTensorFullyConnectedWeights) {
  const auto graph = Import(bytes_);
  ASSERT_TRUE(graph.ok()) << MessageOf(graph);
  for (const Op& op : graph->ops) {
    if (op.kind != OpKind::kConv2d && op.kind != OpKind::kDepthwiseConv2d &&
        op.kind != OpKind::kFullyConnected) {
      continue;
    }
    const Tensor& filter = graph->tensors[op.inputs[1]];
    ASSERT_TRUE(filter.is_constant) << op.name;
    EXPECT_EQ(filter.type, DataType::kInt8) << op.name;
    EXPECT_EQ(filter.data.size(), filter.bytes()) << op.name;
    const size_t scales = filter.quantization.scales.size();
    if (op.kind == OpKind::kConv2d) {
      EXPECT_EQ(filter.quantization.quantized_dimension, 0) << op.name;
      EXPECT_EQ(scales, static_cast<size_t>(filter.shape[0])) << op.name;
    } else if (op.kind == OpKind::kDepthwiseConv2d) {
      EXPECT_EQ(filter.quantization.quantized_dimension, 3) << op.name;
      EXPECT_EQ(scales, static_cast<size_t>(filter.shape[3])) << op.name;
    } else {
      EXPECT_EQ(scales, 1u) << op.name;
    }
    ASSERT_EQ(op.inputs.size(), 3u) << op.name;
    const Tensor& bias = graph->tensors[op.inputs[2]];
    EXPECT_EQ(bias.type, DataType::kInt32) << op.name;
    EXPECT_TRUE(bias.is_constant) << op.name;
  }
}

TEST_P(RealModel, RefusesEveryTruncationAtEachEighth) {
  for (int eighth = 0; eighth < 8; ++eighth) {
    const std::vector<uint8_t> truncated(bytes_.begin(),
                                         bytes_.begin() + bytes_.size() * eighth / 8);
    const auto graph = Import(truncated);
    ASSERT_FALSE(graph.ok()) << eighth << "/8";
    EXPECT_EQ(graph.status().code(), ErrorCode::kImportMalformed) << eighth << "/8";
  }
}

std::string ModelTestName(const testing::TestParamInfo<ModelFacts>& info) {
  std::string name = info.param.file;
  name = name.substr(0, name.find('.'));
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(SharedModels, RealModel, testing::ValuesIn(RealModels()), ModelTestName);

}  // namespace
}  // namespace arenastore::planner
