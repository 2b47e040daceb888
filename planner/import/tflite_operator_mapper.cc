#include "planner/import/tflite_operator_mapper.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "ops/op_list.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {

#define ARENASTORE_DECLARE_TFLITE_MAPPING(id, name, Name, Options, options_id) \
  extern const TfliteOpMapping k##Name##Tflite;
ARENASTORE_FOR_EACH_OP(ARENASTORE_DECLARE_TFLITE_MAPPING)
#undef ARENASTORE_DECLARE_TFLITE_MAPPING

namespace {

// Every op's mapping (ops/<op>/<op>_tflite.cc), in op-list order.
const TfliteOpMapping* const kMappings[] = {
#define ARENASTORE_TFLITE_MAPPING(id, name, Name, Options, options_id) &k##Name##Tflite,
    ARENASTORE_FOR_EACH_OP(ARENASTORE_TFLITE_MAPPING)
#undef ARENASTORE_TFLITE_MAPPING
};

bool Lists(const TfliteOpMapping& mapping, int32_t builtin) {
  for (int32_t k = 0; k < mapping.builtin_count; ++k) {
    if (mapping.builtins[k] == builtin) return true;
  }
  return false;
}

}  // namespace

TfliteOpMapper::TfliteOpMapper(const TfliteModelReader& reader, int32_t op_index,
                               const TfliteOperatorCode& code)
    : reader_(reader), op_index_(op_index), code_(code), op_(reader.op(op_index)) {
  if (op_.inputs() != nullptr) inputs_.assign(op_.inputs()->begin(), op_.inputs()->end());
  if (op_.outputs() != nullptr) outputs_.assign(op_.outputs()->begin(), op_.outputs()->end());
}

Status TfliteOpMapper::Fail(const std::string& text) const {
  return Status::Error(ErrorCode::kImportMalformed, "operator %d (%s): %s", op_index_,
                       code_.label.c_str(), text.c_str())
      .WithOp(op_index_);
}

void TfliteOpMapper::AcceptInt8OrInt16Activations(const std::vector<int32_t>& activations) {
  result_.checks_operand_types = true;
  const auto is_activation = [&](int32_t t) {
    return std::find(activations.begin(), activations.end(), t) != activations.end();
  };
  const tfl::TensorType first = reader_.TensorTypeOf(activations.front());
  for (const auto* list : {&inputs_, &outputs_}) {
    for (int32_t t : *list) {
      if (t < 0) continue;
      const tfl::TensorType type = reader_.TensorTypeOf(t);
      const char* name = TfliteTensorTypeName(static_cast<int32_t>(type));
      const std::string label = reader_.TensorLabel(t) + " is " + (name != nullptr ? name : "?");
      if (is_activation(t)) {
        if (type != tfl::TensorType::INT8 && type != tfl::TensorType::INT16) {
          Refuse(label + " (int8 or int16 only)");
        } else if (type != first) {
          Refuse(label + ", another operand's type (one type throughout)");
        }
      } else if (type == tfl::TensorType::INT16 || type == tfl::TensorType::FLOAT32) {
        Refuse(label);
      }
    }
  }
}

void TfliteOpMapper::AcceptBiasOf(int32_t activation, size_t slot,
                                  tfl::TensorType quantized_bias_type, bool int32_in_16x8) {
  using tfl::TensorType;
  const bool wide = reader_.TensorTypeOf(activation) == TensorType::INT16;
  const auto allowed = [&](TensorType type) {
    return type == TensorType::INT32 ? !wide || int32_in_16x8 : wide && type == TensorType::INT64;
  };
  // FLOAT32 (0) is the field's default and means "not set".
  if (quantized_bias_type != TensorType::FLOAT32 && !allowed(quantized_bias_type)) {
    const char* name = TfliteTensorTypeName(static_cast<int32_t>(quantized_bias_type));
    Refuse(fmt::format("quantized_bias_type {} with {} activations", name != nullptr ? name : "?",
                       wide ? "int16" : "int8"));
  }
  if (!HasInput(slot)) return;
  const TensorType type = reader_.TensorTypeOf(inputs_[slot]);
  if (!allowed(type)) {
    const char* name = TfliteTensorTypeName(static_cast<int32_t>(type));
    Refuse(fmt::format("{} is {} (int32 with int8 activations; {} with int16 ones)",
                       reader_.TensorLabel(inputs_[slot]), name != nullptr ? name : "?",
                       int32_in_16x8 ? "int32 or int64" : "int64"));
  }
}

bool IsMappableTfliteBuiltin(int32_t builtin) {
  for (const TfliteOpMapping* mapping : kMappings) {
    if (Lists(*mapping, builtin)) return true;
  }
  return false;
}

std::vector<int32_t> TfliteBuiltinsOf(kernels::OpKind kind) {
  const auto id = static_cast<size_t>(kind);
  if (id >= std::size(kMappings)) return {};
  const TfliteOpMapping& mapping = *kMappings[id];
  return {mapping.builtins, mapping.builtins + mapping.builtin_count};
}

// Several units may map one builtin, each its own operand types (QUANTIZE: quantize, requantize,
// quantize_float): the first that maps the operator wins, else the first one's reason stands.
Result<TfliteOperatorMapping> MapTfliteOperator(const TfliteModelReader& reader, int32_t op_index,
                                                const TfliteOperatorCode& code) {
  std::optional<TfliteOperatorMapping> refused;
  for (const TfliteOpMapping* mapping : kMappings) {
    if (!Lists(*mapping, code.builtin)) continue;
    TfliteOpMapper mapper(reader, op_index, code);
    ARENASTORE_RETURN_IF_ERROR(mapping->map(mapper));
    TfliteOperatorMapping& result = mapper.result();
    result.mapped = result.unsupported.empty();
    if (!result.mapped) {
      if (!refused) refused = std::move(result);
      continue;
    }
    // A mapping of an op with several outputs (split) lists them; every other op has one.
    if (result.op.outputs.empty()) result.op.outputs = {mapper.outputs()[0]};
    const auto* name = reader.tensor(mapper.outputs()[0]).name();
    if (name != nullptr) result.op.name = name->str();
    return std::move(result);
  }
  if (refused) return std::move(*refused);
  TfliteOperatorMapping unknown;
  unknown.unsupported = "no mapping";
  return unknown;
}

}  // namespace arenastore::planner
