// TfliteOpMapper: one TensorFlow Lite operator as an op unit's mapping sees it
// (ops/<op>/<op>_tflite.cc): its operands, its builtin options, and the checks every mapping
// shares (arity, fused activation, padding, bounded windows, constant operands, refusals), with
// the mapping result it fills (Emit). TfliteOpMapping is what a unit registers: the builtin codes
// it maps and its function.
// Called by MapTfliteOperator (tflite_operator_mapper.h). Heap OK. Errors: kImportMalformed
// naming the operator when options or operands break the format; a valid operator we cannot
// run is not an error but a reason (Refuse) in the result.
#pragma once

#include <fmt/core.h>
#include <fmt/format.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "base/result.h"
#include "kernels/op_kind.h"
#include "kernels/param_types.h"
#include "planner/graph.h"
#include "planner/import/tflite_builtin_names.h"
#include "planner/import/tflite_model_reader.h"
#include "planner/import/tflite_operator_mapper.h"

namespace arenastore::planner {

namespace tfl = tflite;

inline constexpr int64_t kMaxPadding = int64_t{1} << 24;
inline constexpr int32_t kMaxWindow = int32_t{1} << 24;
inline constexpr float kMinClampScale = 1.0f / (1 << 24);
// Softmax scales its input by beta * input_scale * 2^26 and needs that at least 0.5.
inline constexpr double kMinSoftmaxBetaTimesScale = 1.0 / (int64_t{1} << 27);

class TfliteOpMapper {
 public:
  TfliteOpMapper(const TfliteModelReader& reader, int32_t op_index, const TfliteOperatorCode& code);

  const TfliteModelReader& reader() const { return reader_; }
  int32_t op_index() const { return op_index_; }
  int32_t builtin() const { return code_.builtin; }
  const std::vector<int32_t>& inputs() const { return inputs_; }
  const std::vector<int32_t>& outputs() const { return outputs_; }
  int32_t input(size_t k) const { return inputs_[k]; }
  int32_t output() const { return outputs_[0]; }
  TfliteOperatorMapping& result() { return result_; }

  Status Fail(const std::string& text) const;

  // A mapping's last step: the graph op `kind` over `inputs` (TFLite tensor indices, in the
  // graph op's order) with its `attributes`.
  Status Emit(kernels::OpKind kind, std::vector<int32_t> inputs, OpAttributes attributes) {
    result_.op.kind = kind;
    result_.op.inputs = std::move(inputs);
    result_.op.attributes = std::move(attributes);
    return Status::Ok();
  }

  // The last step of an op that moves the bytes of input 0 (int8 or int16) into the output:
  // the two quantized alike (else refused), `kind` over input 0 with its `attributes`.
  Status EmitByteMove(kernels::OpKind kind, OpAttributes attributes) {
    AcceptInt8OrInt16Activations({inputs_[0], outputs_[0]});
    RefuseUnlessSameQuantization(inputs_[0], outputs_[0]);
    return Emit(kind, {inputs_[0]}, std::move(attributes));
  }

  // True when the operands at `slots` are constants the mapping folds into attributes; else
  // refuses "<what> computed at run time" and the mapping stops there.
  bool Constant(std::initializer_list<size_t> slots, const char* what);

  // The constant integer operand at `slot`, `what` naming it in errors.
  Result<std::vector<int64_t>> IntegerOperand(size_t slot, const char* what) const {
    return reader_.IntegerConstant(inputs_[slot], what);
  }

  // The constant operand at `slot` holding exactly one value (an axis).
  Result<int64_t> ScalarOperand(size_t slot, const char* what) const;

  // The rank of `tensor`'s static shape.
  int64_t RankOf(int32_t tensor) const {
    return static_cast<int64_t>(reader_.ShapeOf(tensor).size());
  }

  // A tensor's first quantization scale (`absent` without one) and zero point (0 without one).
  float ScaleOf(int32_t tensor, float absent = 0.0f) const;
  int64_t ZeroPointOf(int32_t tensor) const;

  // Every input, then the output: the activations of ops that take any number of them alike.
  std::vector<int32_t> InputsAndOutput() const {
    std::vector<int32_t> all = inputs_;
    all.push_back(outputs_[0]);
    return all;
  }

  // At least `min_inputs` inputs, any number more (concatenation, pack, add_n), one output.
  Status ExpectVariadic(size_t min_inputs) const {
    return ExpectArity(min_inputs, inputs_.size() > min_inputs ? inputs_.size() : min_inputs);
  }

  // Ops with any number of inputs hold at most kernels::kMaxOpInputs.
  void RefuseOverMaxInputs() {
    if (inputs_.size() > static_cast<size_t>(kernels::kMaxOpInputs)) {
      Refuse(fmt::format("{} inputs, at most {}", inputs_.size(), kernels::kMaxOpInputs));
    }
  }

  // Exactly one output; inputs in [min, max]; -1 (absent) only at `optional_slot`.
  Status ExpectArity(size_t min_inputs, size_t max_inputs, int optional_slot = -1) const {
    if (outputs_.size() != 1 || outputs_[0] < 0) {
      return Fail(fmt::format("has {} outputs, expected 1", outputs_.size()));
    }
    if (inputs_.size() < min_inputs || inputs_.size() > max_inputs) {
      return Fail(
          fmt::format("has {} inputs, expected {} to {}", inputs_.size(), min_inputs, max_inputs));
    }
    for (size_t k = 0; k < inputs_.size(); ++k) {
      if (inputs_[k] < 0 && static_cast<int>(k) != optional_slot) {
        return Fail(fmt::format("input {} is absent (-1) but required", k));
      }
    }
    return Status::Ok();
  }

  bool HasInput(size_t k) const { return k < inputs_.size() && inputs_[k] >= 0; }

  // The operator's options table; nullptr when absent and `required` is false.
  template <typename Options>
  Result<const Options*> OptionsOf(bool required) const {
    const tfl::BuiltinOptions expected = tfl::BuiltinOptionsTraits<Options>::enum_value;
    const tfl::BuiltinOptions actual = op_.builtin_options_type();
    if (actual == tfl::BuiltinOptions::NONE || op_.builtin_options() == nullptr) {
      if (required) return Fail(fmt::format("has no {}", tfl::EnumNameBuiltinOptions(expected)));
      return static_cast<const Options*>(nullptr);
    }
    if (actual != expected) {
      return Fail(fmt::format("options are of union type {}, expected {} ({})",
                              static_cast<int>(actual), static_cast<int>(expected),
                              tfl::EnumNameBuiltinOptions(expected)));
    }
    return op_.template builtin_options_as<Options>();
  }

  Status ToActivation(tfl::ActivationFunctionType fused, Activation* activation) {
    switch (fused) {
      case tfl::ActivationFunctionType::NONE:
        *activation = Activation::NONE;
        return Status::Ok();
      case tfl::ActivationFunctionType::RELU:
        *activation = Activation::RELU;
        return Status::Ok();
      case tfl::ActivationFunctionType::RELU6:
        *activation = Activation::RELU6;
        CheckClampScale(*activation);
        return Status::Ok();
      case tfl::ActivationFunctionType::RELU_N1_TO_1:
        *activation = Activation::RELU_N1_TO_1;
        CheckClampScale(*activation);
        return Status::Ok();
      case tfl::ActivationFunctionType::TANH:
      case tfl::ActivationFunctionType::SIGN_BIT:
        Refuse(fmt::format("fused activation {}", tfl::EnumNameActivationFunctionType(fused)));
        return Status::Ok();
    }
    return Fail(fmt::format("fused activation {} is not a valid value", static_cast<int>(fused)));
  }

  Status ToPadding(tfl::Padding padding, Padding* out) const {
    if (padding == tfl::Padding::SAME) {
      *out = Padding::SAME;
    } else if (padding == tfl::Padding::VALID) {
      *out = Padding::VALID;
    } else {
      return Fail(fmt::format("padding {} is neither SAME nor VALID", static_cast<int>(padding)));
    }
    return Status::Ok();
  }

  // Strides, dilations and window sizes share the bound of tensor dimensions, so no size
  // computed from them can overflow int32 downstream.
  Status ExpectPositive(int32_t value, const char* what) const {
    if (value < 1 || value > kMaxWindow) {
      return Fail(fmt::format("{} is {}, must be in [1, 2^24]", what, value));
    }
    return Status::Ok();
  }

  Status CheckDilatedFilter(int32_t dilation_h, int32_t dilation_w) const {
    const std::vector<int32_t> filter = reader_.ShapeOf(inputs_[1]);
    if (filter.size() != 4) return Status::Ok();  // the rank is the lowering's to report
    const int64_t extent_h = int64_t{filter[1] - 1} * dilation_h + 1;
    const int64_t extent_w = int64_t{filter[2] - 1} * dilation_w + 1;
    if (extent_h > kMaxWindow || extent_w > kMaxWindow) {
      return Fail(fmt::format("dilated filter spans {}x{}, more than 2^24", extent_h, extent_w));
    }
    return Status::Ok();
  }

  // Clamping to 6 or +-1 in a quantized domain needs those values representable in int32.
  void CheckClampScale(Activation activation) {
    if (activation != Activation::RELU6 && activation != Activation::RELU_N1_TO_1) return;
    const float scale = ScaleOf(outputs_[0], /*absent=*/kMinClampScale);  // none: nothing to check
    if (scale < kMinClampScale) {
      Refuse(fmt::format("output scale {} too small for a fused clamp", scale));
    }
  }

  // Ops that only move bytes (TFLM copies them without requantizing) need the output quantized
  // as the input; otherwise the operator is refused with a reason.
  void RefuseUnlessSameQuantization(int32_t input, int32_t output) {
    if (ScaleOf(input) != ScaleOf(output) || ZeroPointOf(input) != ZeroPointOf(output)) {
      Refuse(
          fmt::format("output quantization (scale {}, zero point {}) differs from the input's "
                      "(scale {}, zero point {}); this op only moves bytes",
                      ScaleOf(output), ZeroPointOf(output), ScaleOf(input), ZeroPointOf(input)));
    }
  }

  // Ops whose kernels move or compare elements of either width (16x8 models carry int16
  // activations): the `activations` (tensor indices) must be all int8 or all int16, and no other
  // operand int16 or float32, else the operator is refused. Marks the operator as checking its
  // operand types, so the importer lets its int16 tensors through.
  void AcceptInt8OrInt16Activations(const std::vector<int32_t>& activations);

  // The bias at `slot` of a conv-like op whose activations AcceptInt8OrInt16Activations admitted
  // (activation: one of them): int32 with int8 activations; with int16 ones (16x8) int64, or
  // int32 too where TensorFlow Lite Micro's kernel takes it (`int32_in_16x8`: conv, fully
  // connected). The options' `quantized_bias_type` (FLOAT32 when unset) must not ask for a width
  // the kernels lack.
  void AcceptBiasOf(int32_t activation, size_t slot, tfl::TensorType quantized_bias_type,
                    bool int32_in_16x8);

  // The first unsupported reason wins: it is the one the user has to fix first.
  void Refuse(const std::string& reason) {
    if (result_.unsupported.empty()) result_.unsupported = reason;
  }

  // 16x8 variants of int8 ops (activations[0] int16): only an int16 operator vouches for its
  // operand types; an int8 or float one keeps the importer's own tensor check, and its advice
  // for float models.
  void AcceptIfInt16(const std::vector<int32_t>& activations) {
    if (reader_.TensorTypeOf(activations[0]) == tfl::TensorType::INT16) {
      AcceptInt8OrInt16Activations(activations);
    }
  }

  // input, filter[, bias]: the TFLite and graph orders agree for conv, depthwise and FC.
  std::vector<int32_t> ConvLikeInputs() const {
    std::vector<int32_t> in = {inputs_[0], inputs_[1]};
    if (HasInput(2)) in.push_back(inputs_[2]);
    return in;
  }

  // Since Conv2D v8 / FC v11 / TransposeConv v5 a model may ask for a wider bias/accumulator.
  Status ExpectInt32Bias(tfl::TensorType type) {
    // FLOAT32 (0) is the field's default and means "not set".
    if (type != tfl::TensorType::FLOAT32 && type != tfl::TensorType::INT32) {
      const char* name = TfliteTensorTypeName(static_cast<int32_t>(type));
      Refuse(fmt::format("quantized_bias_type {}", name != nullptr ? name : "unknown"));
    }
    return Status::Ok();
  }

 private:
  const TfliteModelReader& reader_;
  int32_t op_index_;
  const TfliteOperatorCode& code_;
  const tfl::Operator& op_;
  std::vector<int32_t> inputs_;
  std::vector<int32_t> outputs_;
  TfliteOperatorMapping result_;
};

// What an op's unit registers (k<Name>Tflite): the TensorFlow Lite builtin codes it maps (codes
// are facts of the file format) and the function that maps one operator.
struct TfliteOpMapping {
  int32_t builtins[8];  // the TFLite builtins one op unit maps (RESHAPE, SQUEEZE; six comparisons)
  int32_t builtin_count;
  Status (*map)(TfliteOpMapper& mapper);
};

}  // namespace arenastore::planner
