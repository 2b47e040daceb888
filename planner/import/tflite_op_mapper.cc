#include "planner/import/tflite_op_mapper.h"

#include <algorithm>
#include <string>

namespace arenastore::planner {

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

bool TfliteOpMapper::Constant(std::initializer_list<size_t> slots, const char* what) {
  for (size_t slot : slots) {
    if (!reader_.IsConstant(inputs_[slot])) {
      Refuse(fmt::format("{} computed at run time", what));
      return false;
    }
  }
  return true;
}

Result<int64_t> TfliteOpMapper::ScalarOperand(size_t slot, const char* what) const {
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> values, IntegerOperand(slot, what));
  if (values.size() != 1) {
    return Fail(fmt::format("{} has {} values, expected 1", what, values.size()));
  }
  return values[0];
}

float TfliteOpMapper::ScaleOf(int32_t tensor, float absent) const {
  const tfl::QuantizationParameters* q = reader_.tensor(tensor).quantization();
  return q != nullptr && q->scale() != nullptr && q->scale()->size() > 0 ? q->scale()->Get(0)
                                                                         : absent;
}

int64_t TfliteOpMapper::ZeroPointOf(int32_t tensor) const {
  const std::vector<int64_t> zero_points = reader_.ZeroPointsOf(tensor);
  return zero_points.empty() ? 0 : zero_points[0];
}

}  // namespace arenastore::planner
