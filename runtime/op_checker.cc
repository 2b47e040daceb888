#include "runtime/op_checker.h"

#include <cstdarg>

#include "base/format.h"
#include "kernels/op_set.h"
#include "runtime/artifact_validation.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

using schema::DataType;

static_assert(static_cast<int>(schema::OpKind::MAX) + 1 == kernels::kOpKindCount,
              "the schema's OpKind is generated from ops/op_list.h, as kernels::OpKind is");
static_assert(static_cast<int>(schema::Isa::MAX) + 1 == kernels::kIsaCount,
              "schema Isa mirrors kernels::Isa");

OpChecker::OpChecker(const schema::Artifact& artifact, int32_t op_index, const RuntimeOp& unit,
                     Status* status, bool validated)
    : artifact_(artifact),
      unit_(unit),
      op_(*artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(op_index))),
      index_(op_index),
      status_(status),
      validated_(validated) {}

const schema::Tensor* OpChecker::Input(int32_t k) const {
  if (k < 0 || k >= input_count()) return nullptr;
  const int32_t t = op_.inputs()->Get(static_cast<flatbuffers::uoffset_t>(k));
  return t < 0 ? nullptr : artifact_.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
}

const schema::Tensor& OpChecker::Output(int32_t k) const {
  return *artifact_.tensors()->Get(static_cast<flatbuffers::uoffset_t>(
      op_.outputs()->Get(static_cast<flatbuffers::uoffset_t>(k))));
}

StatusRef OpChecker::Fail(const char* field, const char* format, ...) const {
  char detail[Status::kMessageBytes];
  va_list args;
  va_start(args, format);
  FormatV(detail, sizeof(detail), format, args);
  va_end(args);
  const StatusRef failed =
      Reject(status_, field, "operators[%d] (%s): %s", index_, kernels::OpKindName(kind()), detail);
  status_->WithOp(index_);
  return failed;
}

StatusRef OpChecker::FailShapes(const char* field, const char* format, const schema::Tensor& a,
                                const schema::Tensor& b, int32_t x, int32_t y) const {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  // printf ignores arguments its format does not name, so x and y may go unused.
  return Fail(field, format, FormatShape(a).text, FormatShape(b).text, x, y);
#pragma GCC diagnostic pop
}

StatusRef OpChecker::ExpectOptionsType() const {
  if (validated_) return StatusRef::Ok();
  const schema::OpOptions expected = unit_.options_type;
  const schema::OpOptions actual = op_.options_type();
  const bool type_ok =
      actual == expected || (unit_.options_optional && actual == schema::OpOptions::NONE);
  if (!type_ok) {
    const char* name = schema::EnumNameOpOptions(actual);
    return Fail("operators.options", "options hold %s, expected %s",
                name[0] == '\0' ? "an unknown table" : name, schema::EnumNameOpOptions(expected));
  }
  if (actual != schema::OpOptions::NONE && op_.options() == nullptr) {
    return Fail("operators.options", "options table %s is missing",
                schema::EnumNameOpOptions(expected));
  }
  return StatusRef::Ok();
}

StatusRef OpChecker::ExpectOperands() const {
  if (validated_) return StatusRef::Ok();
  const OperandRules& rules = unit_.operands;
  ARENASTORE_RETURN_IF_FAILED(Arity(rules.arity.min_inputs, rules.arity.max_inputs));
  for (int32_t k = 0; k < input_count(); ++k) {
    const OperandRule& rule = rules.inputs[k < 3 ? k : 2];
    const schema::Tensor* tensor = Input(k);
    // Presence first, whatever the rule checks of the operand itself: the lowering reads every
    // position below min_inputs, so an absent one (-1) there is refused for every kind, and
    // one past it only where the arity or the rule allows an absent operand (a conv's bias).
    if (tensor == nullptr) {
      if (k >= rules.arity.min_inputs && (rules.arity.absent_allowed || rule.optional)) continue;
      return Fail("operators.inputs", "inputs[%d] (%s) is missing: absent (-1), but required", k,
                  rule.role == nullptr ? "operand" : rule.role);
    }
    if (rule.role == nullptr) continue;
    if (!rule.any_type) ARENASTORE_RETURN_IF_FAILED(ExpectType(*tensor, rule, rule.role));
    ARENASTORE_RETURN_IF_FAILED(ExpectRank(*tensor, rule.role, rule.min_rank, rule.max_rank));
  }
  for (int32_t k = 0; k < output_count(); ++k) {
    if (!rules.output.any_type)
      ARENASTORE_RETURN_IF_FAILED(ExpectType(Output(k), rules.output, "output"));
    ARENASTORE_RETURN_IF_FAILED(
        ExpectRank(Output(k), "output", rules.output.min_rank, rules.output.max_rank));
  }
  return StatusRef::Ok();
}

StatusRef OpChecker::Arity(int32_t min_inputs, int32_t max_inputs) const {
  if (input_count() < min_inputs || input_count() > max_inputs) {
    return Fail("operators.inputs", "%d inputs, expected %d to %d", input_count(), min_inputs,
                max_inputs);
  }
  if (output_count() < 1 || output_count() > unit_.operands.arity.max_outputs) {
    return Fail("operators.outputs", "%d outputs, expected 1 to %d", output_count(),
                unit_.operands.arity.max_outputs);
  }
  return StatusRef::Ok();
}

StatusRef OpChecker::ExpectType(const schema::Tensor& tensor, const OperandRule& rule,
                                const char* role) const {
  const DataType type = tensor.type();
  if (kernels::kInt16Built && rule.or_int16) {  // whether operands of either width agree
    if (width_type_ == kNoWidth) width_type_ = static_cast<int32_t>(type);
    mixed_widths_ = mixed_widths_ || width_type_ != static_cast<int32_t>(type);
  }
  if (type == rule.type || (rule.or_int16 && type == DataType::INT16)) return StatusRef::Ok();
  return Fail("tensors.type", "%s is %s, expected %s", role, schema::EnumNameDataType(type),
              rule.or_int16 ? "INT8 or INT16" : schema::EnumNameDataType(rule.type));
}

StatusRef OpChecker::ExpectRank(const schema::Tensor& tensor, const char* role, int32_t min_rank,
                                int32_t max_rank) const {
  const int32_t rank = Rank(tensor);
  if (rank >= min_rank && rank <= max_rank) return StatusRef::Ok();
  return Fail("tensors.shape", "%s shape %s has rank %d, expected %d to %d", role,
              FormatShape(tensor).text, rank, min_rank, max_rank);
}

StatusRef OpChecker::ExpectStateTensor(const schema::Tensor& tensor, const char* role) const {
  if (validated_) return StatusRef::Ok();
  const bool in_state_pool =
      tensor.pool() >= 0 && static_cast<uint32_t>(tensor.pool()) < artifact_.pools()->size() &&
      artifact_.pools()->Get(static_cast<flatbuffers::uoffset_t>(tensor.pool()))->kind() ==
          schema::PoolKind::STATE;
  if (in_state_pool) return StatusRef::Ok();
  return Fail("tensors.pool", "%s is not in a state pool; a variable must persist between invokes",
              role);
}

StatusRef OpChecker::ExpectBias(const schema::Tensor* bias, int32_t channels) const {
  if (validated_) return StatusRef::Ok();
  if (bias == nullptr || ElementCount(*bias) == channels) return StatusRef::Ok();
  return Fail("tensors.shape", "bias shape %s has %lld elements, expected %d",
              FormatShape(*bias).text, static_cast<long long>(ElementCount(*bias)), channels);
}

StatusRef OpChecker::ExpectActivationRange(int32_t min, int32_t max) const {
  if (validated_) return StatusRef::Ok();
  // A 16x8 model's output (admitted by an Int8OrInt16 rule) clamps inside int16.
  const int32_t high =
      kernels::kInt16Built && Output().type() == schema::DataType::INT16 ? 32767 : 127;
  if (-high - 1 <= min && min <= max && max <= high) return StatusRef::Ok();
  // The type's bounds are not printed: an int8-only gate-only image then pays no code for them.
  return Fail("operators.options.activation_min",
              "activation range [%d, %d] is not an ordered range inside the output's type", min,
              max);
}

StatusRef OpChecker::ExpectEnums(schema::Padding padding, schema::Activation activation) const {
  if (validated_) return StatusRef::Ok();
  if (static_cast<uint32_t>(padding) > static_cast<uint32_t>(schema::Padding::MAX)) {
    return Fail("operators.options.padding", "unknown padding %u", static_cast<uint32_t>(padding));
  }
  if (static_cast<uint32_t>(activation) > static_cast<uint32_t>(schema::Activation::MAX)) {
    return Fail("operators.options.activation", "unknown activation %u",
                static_cast<uint32_t>(activation));
  }
  return StatusRef::Ok();
}

StatusRef OpChecker::ExpectFixedPoint(const char* field, int32_t multiplier, int32_t shift) const {
  if (validated_) return StatusRef::Ok();
  if (multiplier >= 0 && shift >= -31 && shift <= 30) return StatusRef::Ok();
  return Fail(field, "fixed-point multiplier %d must be >= 0 and shift %d in [-31, 30]", multiplier,
              shift);
}

StatusRef OpChecker::ExpectRequant(const schema::Requantization* requant, int32_t channels,
                                   bool allow_per_tensor) const {
  if (validated_) return StatusRef::Ok();
  if (requant == nullptr || requant->multiplier() == nullptr || requant->shift() == nullptr) {
    return Fail("operators.options.requant", "requantization multipliers or shifts missing");
  }
  const uint32_t count = requant->multiplier()->size();
  const bool count_ok =
      count == static_cast<uint32_t>(channels) || (allow_per_tensor && count == 1);
  if (!count_ok || requant->shift()->size() != count) {
    return Fail("operators.options.requant", "%u multipliers and %u shifts, expected %d%s", count,
                requant->shift()->size(), channels, allow_per_tensor ? " (or 1)" : "");
  }
  for (uint32_t c = 0; c < count; ++c) {
    ARENASTORE_RETURN_IF_FAILED(ExpectFixedPoint(
        "operators.options.requant", requant->multiplier()->Get(c), requant->shift()->Get(c)));
  }
  return StatusRef::Ok();
}

StatusRef OpChecker::ExpectWindow(const Window& w) const {
  if (validated_) return StatusRef::Ok();
  if (w.stride < 1 || w.dilation < 1 || w.filter < 1) {
    return Fail("operators.options.stride_h",
                "%s: filter %d, stride %d and dilation %d must be at least 1", w.axis, w.filter,
                w.stride, w.dilation);
  }
  // In 64 bits: int32 products of untrusted values may overflow.
  const int64_t extent = (int64_t{w.filter} - 1) * w.dilation + 1;
  const int64_t last_start = (int64_t{w.output} - 1) * w.stride;
  if (extent > kMaxExtent || last_start > kMaxExtent) {
    return Fail("operators.options.stride_h",
                "%s: window extent %lld or stride reach %lld exceeds %lld", w.axis,
                static_cast<long long>(extent), static_cast<long long>(last_start),
                static_cast<long long>(kMaxExtent));
  }
  // Both below kMaxExtent from here on, so int32 arithmetic cannot overflow.
  const int32_t reach = static_cast<int32_t>(last_start);
  if (w.pad < 0 || w.pad > static_cast<int32_t>(extent) - 1) {
    return Fail("operators.options.pad_top", "%s: padding %d outside [0, %d] for a window of %d",
                w.axis, w.pad, static_cast<int32_t>(extent) - 1, static_cast<int32_t>(extent));
  }
  if (reach - w.pad > w.input - 1) {
    return Fail("tensors.shape",
                "%s: %d outputs with stride %d and padding %d start past the %d inputs", w.axis,
                w.output, w.stride, w.pad, w.input);
  }
  return StatusRef::Ok();
}

StatusRef OpChecker::ExpectNhwcOutput(const schema::Tensor& input, const schema::Tensor& output,
                                      int32_t channels) const {
  if (validated_) return StatusRef::Ok();
  if (Dim(output, 0) == Dim(input, 0) && Dim(output, 3) == channels) return StatusRef::Ok();
  return FailShapes("tensors.shape", "output shape %s of input %s is not [%d, h, w, %d]", output,
                    input, Dim(input, 0), channels);
}

}  // namespace arenastore::runtime
