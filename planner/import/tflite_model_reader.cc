#include "planner/import/tflite_model_reader.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "planner/import/tflite_builtin_names.h"
#include "runtime/tensor_access.h"

namespace arenastore::planner {
namespace {

constexpr uint32_t kSchemaVersion = 3;
constexpr int64_t kMaxDim = int64_t{1} << 24;
// FlatBuffers readers load 8-byte scalars (zero points, buffer offsets) in place.
constexpr uintptr_t kReadAlignment = 8;

Status Malformed(const std::string& text) {
  return Status::Error(ErrorCode::kImportMalformed, "%s", text.c_str());
}

Status Unsupported(const std::string& text) {
  return Status::Error(ErrorCode::kImportUnsupported, "%s", text.c_str());
}

// Bytes per element of a TensorFlow Lite type; 0 when not a whole number of bytes or unknown.
size_t TfliteElementBytes(tflite::TensorType type) {
  switch (type) {
    case tflite::TensorType::UINT8:
    case tflite::TensorType::INT8:
    case tflite::TensorType::BOOL:
      return 1;
    case tflite::TensorType::FLOAT16:
    case tflite::TensorType::INT16:
    case tflite::TensorType::UINT16:
      return 2;
    case tflite::TensorType::FLOAT32:
    case tflite::TensorType::INT32:
    case tflite::TensorType::UINT32:
      return 4;
    case tflite::TensorType::INT64:
    case tflite::TensorType::UINT64:
    case tflite::TensorType::FLOAT64:
    case tflite::TensorType::COMPLEX64:
      return 8;
    case tflite::TensorType::COMPLEX128:
      return 16;
    default:
      return 0;
  }
}

std::string TypeName(tflite::TensorType type) {
  const char* name = TfliteTensorTypeName(static_cast<int32_t>(type));
  return name != nullptr ? name : fmt::format("type {}", static_cast<int>(type));
}

std::string OperatorLabel(int32_t builtin, const flatbuffers::String* custom_code) {
  if (builtin == static_cast<int32_t>(TfliteBuiltin::kCustom)) {
    return fmt::format("CUSTOM({})", custom_code != nullptr ? ShortName(custom_code->str()) : "");
  }
  const char* name = TfliteBuiltinName(builtin);
  return name != nullptr ? name : fmt::format("BUILTIN_{}", builtin);
}

}  // namespace

std::string ShortName(const std::string& name) {
  constexpr size_t kMax = 60;
  if (name.size() <= kMax) return name;
  return name.substr(0, 28) + "..." + name.substr(name.size() - 29);
}

Result<TfliteModelReader> TfliteModelReader::Open(std::span<const uint8_t> bytes) {
  TfliteModelReader reader;
  reader.file_ = bytes;
  if (reinterpret_cast<uintptr_t>(bytes.data()) % kReadAlignment != 0) {
    reader.aligned_copy_.resize((bytes.size() + 7) / 8);
    std::memcpy(reader.aligned_copy_.data(), bytes.data(), bytes.size());
    reader.file_ = {reinterpret_cast<const uint8_t*>(reader.aligned_copy_.data()), bytes.size()};
  }
  ARENASTORE_RETURN_IF_ERROR(reader.CheckOpened());
  return reader;
}

Status TfliteModelReader::CheckOpened() {
  if (file_.size() < 8) {
    return Malformed(
        fmt::format("file is {} bytes; a TensorFlow Lite model needs at least 8", file_.size()));
  }
  if (!tflite::ModelBufferHasIdentifier(file_.data())) {
    std::string shown;
    for (size_t i = 4; i < 8; ++i) {
      const char c = static_cast<char>(file_[i]);
      shown += (c >= 0x20 && c < 0x7f) ? std::string(1, c) : fmt::format("\\x{:02x}", file_[i]);
    }
    return Malformed(fmt::format(
        "file identifier is \"{}\", expected \"TFL3\"; this is not a TensorFlow Lite model",
        shown));
  }
  // Buffers stored after the FlatBuffer (models over 2 GB) are outside what the Verifier sees.
  const size_t verified_bytes = std::min<size_t>(file_.size(), FLATBUFFERS_MAX_BUFFER_SIZE - 1);
  flatbuffers::Verifier verifier(file_.data(), verified_bytes);
  if (!tflite::VerifyModelBuffer(verifier)) {
    return Malformed(
        "FlatBuffers verification failed (truncated or corrupted file, or offsets out of range)");
  }
  model_ = tflite::GetModel(file_.data());
  if (model_->version() != kSchemaVersion) {
    return Unsupported(fmt::format("schema version {}; only version {} is supported",
                                   model_->version(), kSchemaVersion));
  }
  const auto* subgraphs = model_->subgraphs();
  if (subgraphs == nullptr || subgraphs->size() == 0) return Malformed("model has no subgraph");
  if (subgraphs->size() != 1) {
    return Unsupported(fmt::format(
        "model has {} subgraphs (control flow or several signatures); only single-subgraph "
        "models are supported",
        subgraphs->size()));
  }
  subgraph_ = subgraphs->Get(0);
  const auto* tensors = subgraph_->tensors();
  const auto* operators = subgraph_->operators();
  constexpr uint32_t kMaxCount = 1u << 24;
  if ((tensors != nullptr && tensors->size() > kMaxCount) ||
      (operators != nullptr && operators->size() > kMaxCount)) {
    return Unsupported("subgraph has more than 2^24 tensors or operators");
  }
  tensor_count_ = tensors == nullptr ? 0 : static_cast<int32_t>(tensors->size());
  operator_count_ = operators == nullptr ? 0 : static_cast<int32_t>(operators->size());
  for (const auto* list : {subgraph_->inputs(), subgraph_->outputs()}) {
    if (list == nullptr) continue;
    for (int32_t index : *list) {
      if (index < 0 || index >= tensor_count_) {
        return Malformed(fmt::format("subgraph {} tensor index {} is out of range [0, {})",
                                     list == subgraph_->inputs() ? "input" : "output", index,
                                     tensor_count_));
      }
    }
  }
  return Status::Ok();
}

const tflite::Tensor& TfliteModelReader::tensor(int32_t index) const {
  return *subgraph_->tensors()->Get(static_cast<uint32_t>(index));
}

const tflite::Operator& TfliteModelReader::op(int32_t index) const {
  return *subgraph_->operators()->Get(static_cast<uint32_t>(index));
}

std::string TfliteModelReader::TensorLabel(int32_t index) const {
  const auto* name = tensor(index).name();
  return fmt::format("tensor {} ({})", index, name != nullptr ? ShortName(name->str()) : "");
}

std::vector<int32_t> TfliteModelReader::ShapeOf(int32_t index) const {
  const auto* shape = tensor(index).shape();
  if (shape == nullptr) return {};
  return std::vector<int32_t>(shape->begin(), shape->end());
}

Result<TfliteOperatorCode> TfliteModelReader::OperatorCodeOf(int32_t op_index) const {
  const uint32_t code_index = op(op_index).opcode_index();
  const auto* codes = model_->operator_codes();
  if (codes == nullptr || code_index >= codes->size()) {
    return Malformed(fmt::format("operator {}: opcode_index {} is out of range [0, {})", op_index,
                                 code_index, codes == nullptr ? 0 : codes->size()))
        .WithOp(op_index);
  }
  const tflite::OperatorCode& code = *codes->Get(code_index);
  TfliteOperatorCode result;
  // Schema 3a: codes below 127 may sit in either field; the larger one is the real code.
  result.builtin = std::max<int32_t>(code.deprecated_builtin_code(), code.builtin_code());
  result.version = code.version();
  if (code.custom_code() != nullptr) result.custom_name = code.custom_code()->str();
  result.label = OperatorLabel(result.builtin, code.custom_code());
  return result;
}

Status TfliteModelReader::CheckOperatorIndices(int32_t op_index) const {
  const tflite::Operator& o = op(op_index);
  for (const auto* list : {o.inputs(), o.outputs()}) {
    if (list == nullptr) continue;
    for (int32_t index : *list) {
      // -1 marks an absent optional input; whether that is allowed depends on the operator.
      if (index < -1 || index >= tensor_count_) {
        return Malformed(fmt::format("operator {}: {} tensor index {} is out of range [0, {})",
                                     op_index, list == o.inputs() ? "input" : "output", index,
                                     tensor_count_))
            .WithOp(op_index);
      }
    }
  }
  return Status::Ok();
}

Status TfliteModelReader::CheckTensor(int32_t index) const {
  const std::vector<int32_t> shape = ShapeOf(index);
  int64_t elements = 1;
  for (int32_t dim : shape) {
    if (dim < 1 || dim > kMaxDim) {
      return Malformed(fmt::format("{}: dimension {} in shape [{}] is not in [1, 2^24]",
                                   TensorLabel(index), dim, fmt::join(shape, ",")))
          .WithTensor(index);
    }
    elements *= dim;
    if (elements > runtime::kMaxTensorElements) {
      return Malformed(fmt::format("{}: shape [{}] has more than {} elements (2^31 - 1)",
                                   TensorLabel(index), fmt::join(shape, ","),
                                   runtime::kMaxTensorElements))
          .WithTensor(index);
    }
  }
  ARENASTORE_RETURN_IF_ERROR(CheckBuffer(index, tensor(index).buffer()));
  const size_t element_bytes = TfliteElementBytes(TensorTypeOf(index));
  const size_t data_bytes = DataOf(index).size();
  if (data_bytes != 0 && element_bytes != 0 &&
      data_bytes != static_cast<size_t>(elements) * element_bytes) {
    return Malformed(fmt::format("{}: buffer {} holds {} bytes, but shape [{}] of {} needs {}",
                                 TensorLabel(index), tensor(index).buffer(), data_bytes,
                                 fmt::join(shape, ","), TypeName(TensorTypeOf(index)),
                                 static_cast<size_t>(elements) * element_bytes))
        .WithTensor(index);
  }
  return CheckQuantization(index);
}

Status TfliteModelReader::CheckBuffer(int32_t tensor_index, uint32_t buffer_index) const {
  const auto* buffers = model_->buffers();
  const uint32_t count = buffers == nullptr ? 0 : buffers->size();
  if (buffer_index == 0 && count == 0) return Status::Ok();  // 0 means "no data" by convention
  if (buffer_index >= count) {
    return Malformed(fmt::format("{}: buffer index {} is out of range [0, {})",
                                 TensorLabel(tensor_index), buffer_index, count))
        .WithTensor(tensor_index);
  }
  const tflite::Buffer& buffer = *buffers->Get(buffer_index);
  const bool has_inline = buffer.data() != nullptr && buffer.data()->size() > 0;
  if (buffer.offset() <= 1) return Status::Ok();  // no external data (schema: valid when > 1)
  if (has_inline) {
    return Malformed(fmt::format("{}: buffer {} has both inline data and an external offset",
                                 TensorLabel(tensor_index), buffer_index))
        .WithTensor(tensor_index);
  }
  if (buffer.offset() > file_.size() || buffer.size() > file_.size() - buffer.offset()) {
    return Malformed(fmt::format("{}: buffer {} points at bytes [{}, +{}) outside the {}-byte file",
                                 TensorLabel(tensor_index), buffer_index, buffer.offset(),
                                 buffer.size(), file_.size()))
        .WithTensor(tensor_index);
  }
  return Status::Ok();
}

int32_t TfliteModelReader::QuantizedAxisOf(int32_t index) const {
  // A 1-D tensor has one axis to be per-channel along, and TensorFlow Lite reads it so whatever
  // the field says: converters copy the filter's axis (3 for depthwise) onto its bias.
  if (ShapeOf(index).size() == 1) return 0;
  const tflite::QuantizationParameters* q = tensor(index).quantization();
  return q != nullptr ? q->quantized_dimension() : 0;
}

Status TfliteModelReader::CheckQuantization(int32_t index) const {
  const tflite::QuantizationParameters* q = tensor(index).quantization();
  if (q == nullptr || q->scale() == nullptr || q->zero_point() == nullptr) return Status::Ok();
  const uint32_t scales = q->scale()->size();
  if (scales != q->zero_point()->size()) {
    return Malformed(fmt::format("{}: {} quantization scales but {} zero points",
                                 TensorLabel(index), scales, q->zero_point()->size()))
        .WithTensor(index);
  }
  for (float scale : *q->scale()) {
    if (!std::isfinite(scale)) {
      return Malformed(
                 fmt::format("{}: quantization scale {} is not finite", TensorLabel(index), scale))
          .WithTensor(index);
    }
  }
  ARENASTORE_RETURN_IF_ERROR(CheckZeroPointRange(index));
  if (scales <= 1) return Status::Ok();
  const std::vector<int32_t> shape = ShapeOf(index);
  const int32_t axis = QuantizedAxisOf(index);
  if (axis < 0 || static_cast<size_t>(axis) >= shape.size() ||
      static_cast<uint32_t>(shape[axis]) != scales) {
    return Malformed(
               fmt::format("{}: {} per-channel scales along dimension {} do not match shape [{}]",
                           TensorLabel(index), scales, axis, fmt::join(shape, ",")))
        .WithTensor(index);
  }
  return Status::Ok();
}

// The rule the runtime's verifier applies to every artifact (runtime/artifact_validation.cc):
// zero points of int8 and int16 tensors lie in their type's range. A model breaking it is bad
// input, refused here by name rather than by the compiler's check of its own output.
Status TfliteModelReader::CheckZeroPointRange(int32_t index) const {
  const tflite::TensorType type = TensorTypeOf(index);
  const bool is_int8 = type == tflite::TensorType::INT8;
  if (!is_int8 && type != tflite::TensorType::INT16) return Status::Ok();
  const int64_t limit = is_int8 ? 128 : 32768;
  const std::vector<int64_t> zero_points = ZeroPointsOf(index);
  for (size_t i = 0; i < zero_points.size(); ++i) {
    if (zero_points[i] < -limit || zero_points[i] > limit - 1) {
      return Malformed(fmt::format("{}: zero point {} (channel {} of {}) is outside {} [{}, {}]",
                                   TensorLabel(index), zero_points[i], i, zero_points.size(),
                                   is_int8 ? "int8" : "int16", -limit, limit - 1))
          .WithTensor(index);
    }
  }
  return Status::Ok();
}

std::string TfliteModelReader::UnsupportedFeatureOf(int32_t index) const {
  const tflite::Tensor& t = tensor(index);
  if (t.sparsity() != nullptr) return "is sparse";
  const auto* q = t.quantization();
  if (q != nullptr && q->details_type() != tflite::QuantizationDetails::NONE) {
    return "uses custom quantization details";
  }
  return "";
}

std::span<const uint8_t> TfliteModelReader::BufferBytes(uint32_t buffer_index) const {
  const auto* buffers = model_->buffers();
  if (buffers == nullptr || buffer_index >= buffers->size()) return {};
  const tflite::Buffer& buffer = *buffers->Get(buffer_index);
  if (buffer.data() != nullptr && buffer.data()->size() > 0) {
    return {buffer.data()->data(), buffer.data()->size()};
  }
  if (buffer.offset() > 1 && buffer.offset() <= file_.size() &&
      buffer.size() <= file_.size() - buffer.offset()) {
    return file_.subspan(buffer.offset(), buffer.size());
  }
  return {};
}

std::span<const uint8_t> TfliteModelReader::DataOf(int32_t index) const {
  return BufferBytes(tensor(index).buffer());
}

Result<std::vector<int64_t>> TfliteModelReader::IntegerConstant(int32_t index,
                                                                const char* role) const {
  const std::span<const uint8_t> data = DataOf(index);
  const tflite::TensorType type = TensorTypeOf(index);
  const size_t width = type == tflite::TensorType::INT32   ? 4
                       : type == tflite::TensorType::INT64 ? 8
                                                           : 0;
  if (data.empty()) {
    return Malformed(fmt::format("{}: {} must be a constant tensor, it has no data",
                                 TensorLabel(index), role))
        .WithTensor(index);
  }
  if (width == 0 || data.size() % width != 0) {
    return Malformed(fmt::format("{}: {} must be int32 or int64, is {}", TensorLabel(index), role,
                                 TypeName(type)))
        .WithTensor(index);
  }
  std::vector<int64_t> values(data.size() / width);
  for (size_t i = 0; i < values.size(); ++i) {
    if (width == 4) {
      int32_t value;
      std::memcpy(&value, data.data() + i * 4, 4);
      values[i] = value;
    } else {
      std::memcpy(&values[i], data.data() + i * 8, 8);
    }
  }
  return values;
}

std::vector<int64_t> TfliteModelReader::ZeroPointsOf(int32_t index) const {
  const tflite::QuantizationParameters* q = tensor(index).quantization();
  if (q == nullptr || q->zero_point() == nullptr || q->zero_point()->size() == 0) return {};
  std::vector<int64_t> zero_points(q->zero_point()->size());
  std::memcpy(zero_points.data(), q->zero_point()->Data(), zero_points.size() * sizeof(int64_t));
  return zero_points;
}

Result<Tensor> TfliteModelReader::ToGraphTensor(int32_t index) const {
  const tflite::Tensor& t = tensor(index);
  Tensor result;
  if (t.type() == tflite::TensorType::INT8) {
    result.type = DataType::kInt8;
  } else if (t.type() == tflite::TensorType::INT32) {
    result.type = DataType::kInt32;
  } else if (t.type() == tflite::TensorType::BOOL) {
    result.type = DataType::kBool;
  } else if (t.type() == tflite::TensorType::INT16) {
    result.type = DataType::kInt16;
  } else if (t.type() == tflite::TensorType::FLOAT32) {
    result.type = DataType::kFloat32;
  } else if (t.type() == tflite::TensorType::INT64) {
    result.type = DataType::kInt64;
  } else {
    return Unsupported(fmt::format("{}: type {} is not supported (int8, int16, int32, int64, bool "
                                   "and float32 only)",
                                   TensorLabel(index), TypeName(t.type())))
        .WithTensor(index);
  }
  if (t.name() != nullptr) result.name = t.name()->str();
  result.shape = ShapeOf(index);
  const auto* q = t.quantization();
  if (q != nullptr && q->scale() != nullptr && q->zero_point() != nullptr) {
    result.quantization.scales.assign(q->scale()->begin(), q->scale()->end());
    result.quantization.zero_points = ZeroPointsOf(index);
    // The axis only means something per channel; per-tensor files sometimes carry junk there.
    result.quantization.quantized_dimension =
        result.quantization.scales.size() > 1 ? QuantizedAxisOf(index) : 0;
  }
  const std::span<const uint8_t> data = DataOf(index);
  result.is_constant = !data.empty();
  result.is_variable = t.is_variable() && !result.is_constant;
  result.data.assign(data.begin(), data.end());
  return result;
}

}  // namespace arenastore::planner
