#include "planner/import/tflite_operator_mapper.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "kernels/op_params.h"
#include "planner/import/tflite_builtin_names.h"

namespace arenastore::planner {
namespace {

using kernels::OpKind;
namespace tfl = tflite;

constexpr int64_t kMaxPadding = int64_t{1} << 24;
constexpr int32_t kMaxWindow = int32_t{1} << 24;
constexpr float kMinClampScale = 1.0f / (1 << 24);
// Softmax scales its input by beta * input_scale * 2^26 and needs that at least 0.5.
constexpr double kMinSoftmaxBetaTimesScale = 1.0 / (int64_t{1} << 27);

class OperatorMapper {
 public:
  OperatorMapper(const TfliteModelReader& reader, int32_t op_index, const TfliteOperatorCode& code)
      : reader_(reader), op_index_(op_index), code_(code), op_(reader.op(op_index)) {
    if (op_.inputs() != nullptr) inputs_.assign(op_.inputs()->begin(), op_.inputs()->end());
    if (op_.outputs() != nullptr) outputs_.assign(op_.outputs()->begin(), op_.outputs()->end());
  }

  Result<TfliteOperatorMapping> Map() {
    Status status;
    switch (static_cast<TfliteBuiltin>(code_.builtin)) {
      case TfliteBuiltin::kConv2d:
        status = MapConv2d();
        break;
      case TfliteBuiltin::kDepthwiseConv2d:
        status = MapDepthwiseConv2d();
        break;
      case TfliteBuiltin::kFullyConnected:
        status = MapFullyConnected();
        break;
      case TfliteBuiltin::kTransposeConv:
        status = MapTransposeConv();
        break;
      case TfliteBuiltin::kAveragePool2d:
        status = MapPool2d(OpKind::kAveragePool2d);
        break;
      case TfliteBuiltin::kMaxPool2d:
        status = MapPool2d(OpKind::kMaxPool2d);
        break;
      case TfliteBuiltin::kAdd:
        status = MapElementwise<tfl::AddOptions>(OpKind::kAdd);
        break;
      case TfliteBuiltin::kMul:
        status = MapElementwise<tfl::MulOptions>(OpKind::kMul);
        break;
      case TfliteBuiltin::kSoftmax:
        status = MapSoftmax();
        break;
      case TfliteBuiltin::kReshape:
        status = MapReshape();
        break;
      case TfliteBuiltin::kPad:
      case TfliteBuiltin::kPadV2:
        status = MapPad();
        break;
      case TfliteBuiltin::kConcatenation:
        status = MapConcatenation();
        break;
      case TfliteBuiltin::kBatchMatmul:
        status = MapBatchMatmul();
        break;
      default:
        result_.unsupported = "no mapping";
        return result_;
    }
    ARENASTORE_RETURN_IF_ERROR(status);
    result_.mapped = result_.unsupported.empty();
    if (result_.mapped) {
      result_.op.outputs = {outputs_[0]};
      const auto* name = reader_.tensor(outputs_[0]).name();
      if (name != nullptr) result_.op.name = name->str();
    }
    return result_;
  }

 private:
  Status Fail(const std::string& text) const {
    return Status::Error(ErrorCode::kImportMalformed, "operator %d (%s): %s", op_index_,
                         code_.label.c_str(), text.c_str())
        .WithOp(op_index_);
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
        *activation = Activation::kNone;
        return Status::Ok();
      case tfl::ActivationFunctionType::RELU:
        *activation = Activation::kRelu;
        return Status::Ok();
      case tfl::ActivationFunctionType::RELU6:
        *activation = Activation::kRelu6;
        CheckClampScale(*activation);
        return Status::Ok();
      case tfl::ActivationFunctionType::RELU_N1_TO_1:
        *activation = Activation::kReluN1To1;
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
      *out = Padding::kSame;
    } else if (padding == tfl::Padding::VALID) {
      *out = Padding::kValid;
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
    if (activation != Activation::kRelu6 && activation != Activation::kReluN1To1) return;
    const tfl::QuantizationParameters* q = reader_.tensor(outputs_[0]).quantization();
    if (q == nullptr || q->scale() == nullptr || q->scale()->size() == 0) return;
    const float scale = q->scale()->Get(0);
    if (scale < kMinClampScale) {
      Refuse(fmt::format("output scale {} too small for a fused clamp", scale));
    }
  }

  // The first unsupported reason wins: it is the one the user has to fix first.
  void Refuse(const std::string& reason) {
    if (result_.unsupported.empty()) result_.unsupported = reason;
  }

  // input, filter[, bias]: the TFLite and graph orders agree for conv, depthwise and FC.
  void SetConvLikeInputs(OpKind kind) {
    result_.op.kind = kind;
    result_.op.inputs = {inputs_[0], inputs_[1]};
    if (HasInput(2)) result_.op.inputs.push_back(inputs_[2]);
  }

  Status MapConv2d() {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(2, 3, 2));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::Conv2DOptions* o, OptionsOf<tfl::Conv2DOptions>(true));
    Conv2dAttributes a;
    ARENASTORE_RETURN_IF_ERROR(ToPadding(o->padding(), &a.padding));
    a.stride_h = o->stride_h();
    a.stride_w = o->stride_w();
    a.dilation_h = o->dilation_h_factor();
    a.dilation_w = o->dilation_w_factor();
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.stride_h, "stride_h"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.stride_w, "stride_w"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.dilation_h, "dilation_h_factor"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.dilation_w, "dilation_w_factor"));
    ARENASTORE_RETURN_IF_ERROR(CheckDilatedFilter(a.dilation_h, a.dilation_w));
    ARENASTORE_RETURN_IF_ERROR(ToActivation(o->fused_activation_function(), &a.activation));
    ARENASTORE_RETURN_IF_ERROR(ExpectInt32Bias(o->quantized_bias_type()));
    SetConvLikeInputs(OpKind::kConv2d);
    result_.op.attributes = a;
    return Status::Ok();
  }

  Status MapDepthwiseConv2d() {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(2, 3, 2));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::DepthwiseConv2DOptions* o,
                                OptionsOf<tfl::DepthwiseConv2DOptions>(true));
    DepthwiseConv2dAttributes a;
    ARENASTORE_RETURN_IF_ERROR(ToPadding(o->padding(), &a.padding));
    a.stride_h = o->stride_h();
    a.stride_w = o->stride_w();
    a.dilation_h = o->dilation_h_factor();
    a.dilation_w = o->dilation_w_factor();
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.stride_h, "stride_h"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.stride_w, "stride_w"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.dilation_h, "dilation_h_factor"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.dilation_w, "dilation_w_factor"));
    ARENASTORE_RETURN_IF_ERROR(CheckDilatedFilter(a.dilation_h, a.dilation_w));
    ARENASTORE_RETURN_IF_ERROR(ToActivation(o->fused_activation_function(), &a.activation));
    a.depth_multiplier = DepthMultiplierFromShapes(o->depth_multiplier());
    SetConvLikeInputs(OpKind::kDepthwiseConv2d);
    result_.op.attributes = a;
    return Status::Ok();
  }

  // TensorFlow Lite ignores the option since 2.x and derives the multiplier from the shapes
  // (filter channels / input channels); we do the same and note a disagreement.
  int32_t DepthMultiplierFromShapes(int32_t option) {
    const std::vector<int32_t> input = reader_.ShapeOf(inputs_[0]);
    const std::vector<int32_t> filter = reader_.ShapeOf(inputs_[1]);
    if (input.size() != 4 || filter.size() != 4 || filter[3] % input[3] != 0) return option;
    const int32_t derived = filter[3] / input[3];
    if (derived != option) {
      result_.note = fmt::format(
          "operator {} (DEPTHWISE_CONV_2D): depth_multiplier option {} ignored, shapes give {}",
          op_index_, option, derived);
    }
    return derived;
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

  Status MapFullyConnected() {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(2, 3, 2));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::FullyConnectedOptions* o,
                                OptionsOf<tfl::FullyConnectedOptions>(false));
    FullyConnectedAttributes a;
    if (o != nullptr) {
      ARENASTORE_RETURN_IF_ERROR(ToActivation(o->fused_activation_function(), &a.activation));
      a.keep_num_dims = o->keep_num_dims();
      if (o->weights_format() != tfl::FullyConnectedOptionsWeightsFormat::DEFAULT) {
        Refuse("shuffled weights format");
      }
      ARENASTORE_RETURN_IF_ERROR(ExpectInt32Bias(o->quantized_bias_type()));
    }
    SetConvLikeInputs(OpKind::kFullyConnected);
    result_.op.attributes = a;
    return Status::Ok();
  }

  // TFLite operands: output_shape, weights, input[, bias]; ours: input, filter[, bias].
  Status MapTransposeConv() {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(3, 4, 3));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::TransposeConvOptions* o,
                                OptionsOf<tfl::TransposeConvOptions>(true));
    TransposeConv2dAttributes a;
    ARENASTORE_RETURN_IF_ERROR(ToPadding(o->padding(), &a.padding));
    a.stride_h = o->stride_h();
    a.stride_w = o->stride_w();
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.stride_h, "stride_h"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.stride_w, "stride_w"));
    ARENASTORE_RETURN_IF_ERROR(ToActivation(o->fused_activation_function(), &a.activation));
    ARENASTORE_RETURN_IF_ERROR(ExpectInt32Bias(o->quantized_bias_type()));
    ARENASTORE_RETURN_IF_ERROR(CheckOutputShapeOperand());
    result_.op.kind = OpKind::kTransposeConv2d;
    result_.op.inputs = {inputs_[2], inputs_[1]};
    if (HasInput(3)) result_.op.inputs.push_back(inputs_[3]);
    result_.op.attributes = a;
    return Status::Ok();
  }

  // A constant output_shape must agree with the output tensor, which is what we plan with.
  Status CheckOutputShapeOperand() const {
    if (!reader_.IsConstant(inputs_[0])) return Status::Ok();
    ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> values,
                                reader_.IntegerConstant(inputs_[0], "output_shape"));
    const std::vector<int32_t> output = reader_.ShapeOf(outputs_[0]);
    if (values != std::vector<int64_t>(output.begin(), output.end())) {
      return Fail(fmt::format("output_shape [{}] differs from the output tensor's shape [{}]",
                              fmt::join(values, ","), fmt::join(output, ",")));
    }
    return Status::Ok();
  }

  Status MapPool2d(OpKind kind) {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(1, 1));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::Pool2DOptions* o, OptionsOf<tfl::Pool2DOptions>(true));
    Pool2dAttributes a;
    ARENASTORE_RETURN_IF_ERROR(ToPadding(o->padding(), &a.padding));
    a.stride_h = o->stride_h();
    a.stride_w = o->stride_w();
    a.filter_h = o->filter_height();
    a.filter_w = o->filter_width();
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.stride_h, "stride_h"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.stride_w, "stride_w"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.filter_h, "filter_height"));
    ARENASTORE_RETURN_IF_ERROR(ExpectPositive(a.filter_w, "filter_width"));
    ARENASTORE_RETURN_IF_ERROR(ToActivation(o->fused_activation_function(), &a.activation));
    result_.op.kind = kind;
    result_.op.inputs = {inputs_[0]};
    result_.op.attributes = a;
    return Status::Ok();
  }

  template <typename Options>
  Status MapElementwise(OpKind kind) {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(2, 2));
    ARENASTORE_ASSIGN_OR_RETURN(const Options* o, OptionsOf<Options>(false));
    ElementwiseAttributes a;
    if (o != nullptr) {
      ARENASTORE_RETURN_IF_ERROR(ToActivation(o->fused_activation_function(), &a.activation));
    }
    result_.op.kind = kind;
    result_.op.inputs = {inputs_[0], inputs_[1]};
    result_.op.attributes = a;
    return Status::Ok();
  }

  Status MapSoftmax() {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(1, 1));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::SoftmaxOptions* o,
                                OptionsOf<tfl::SoftmaxOptions>(false));
    SoftmaxAttributes a;
    a.beta = o != nullptr ? o->beta() : 0.0f;  // TensorFlow Lite's value when options are absent
    CheckSoftmaxBeta(a.beta);
    result_.op.kind = OpKind::kSoftmax;
    result_.op.inputs = {inputs_[0]};
    result_.op.attributes = a;
    return Status::Ok();
  }

  void CheckSoftmaxBeta(float beta) {
    const tfl::QuantizationParameters* q = reader_.tensor(inputs_[0]).quantization();
    const float input_scale =
        (q != nullptr && q->scale() != nullptr && q->scale()->size() > 0) ? q->scale()->Get(0) : 1;
    if (!(static_cast<double>(beta) * input_scale >= kMinSoftmaxBetaTimesScale) ||
        !std::isfinite(beta)) {
      Refuse(fmt::format("beta {} with input scale {}", beta, input_scale));
    }
  }

  // The shape operand (or new_shape option) only restates the output tensor's static shape.
  Status MapReshape() {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(1, 2, 1));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::ReshapeOptions* o,
                                OptionsOf<tfl::ReshapeOptions>(false));
    (void)o;
    result_.op.kind = OpKind::kReshape;
    result_.op.inputs = {inputs_[0]};
    result_.op.attributes = ReshapeAttributes{};
    return Status::Ok();
  }

  Status MapPad() {
    const bool v2 = code_.builtin == static_cast<int32_t>(TfliteBuiltin::kPadV2);
    ARENASTORE_RETURN_IF_ERROR(v2 ? ExpectArity(2, 3, 2) : ExpectArity(2, 2));
    if (!reader_.IsConstant(inputs_[1])) {
      Refuse("paddings computed at run time");
      return Status::Ok();
    }
    ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> paddings,
                                reader_.IntegerConstant(inputs_[1], "paddings"));
    const size_t rank = reader_.ShapeOf(inputs_[0]).size();
    if (paddings.size() != 2 * rank) {
      return Fail(
          fmt::format("paddings has {} values, expected 2 x rank {}", paddings.size(), rank));
    }
    PadAttributes a;
    for (size_t i = 0; i < rank; ++i) {
      for (int64_t value : {paddings[2 * i], paddings[2 * i + 1]}) {
        if (value < 0 || value > kMaxPadding) {
          return Fail(fmt::format("padding {} is not in [0, 2^24]", value));
        }
      }
      a.before.push_back(static_cast<int32_t>(paddings[2 * i]));
      a.after.push_back(static_cast<int32_t>(paddings[2 * i + 1]));
    }
    if (v2 && HasInput(2)) ARENASTORE_RETURN_IF_ERROR(CheckPadValue(inputs_[2]));
    result_.op.kind = OpKind::kPad;
    result_.op.inputs = {inputs_[0]};
    result_.op.attributes = a;
    return Status::Ok();
  }

  // Our pad kernel fills with the output zero point (real value 0), as PAD does.
  Status CheckPadValue(int32_t value_tensor) {
    const std::span<const uint8_t> data = reader_.DataOf(value_tensor);
    if (data.empty()) {
      Refuse("constant_values computed at run time");
      return Status::Ok();
    }
    if (reader_.TensorTypeOf(value_tensor) != tfl::TensorType::INT8 || data.size() != 1) {
      Refuse("constant_values is not a single int8");
      return Status::Ok();
    }
    const int32_t value = static_cast<int8_t>(data[0]);
    const std::vector<int64_t> zero_points = reader_.ZeroPointsOf(outputs_[0]);
    const int64_t zero_point = zero_points.empty() ? 0 : zero_points[0];
    if (value != zero_point) {
      Refuse(fmt::format("constant_values {} differs from the output zero point {}", value,
                         zero_point));
    }
    return Status::Ok();
  }

  Status MapConcatenation() {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(1, inputs_.size() > 0 ? inputs_.size() : 1));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::ConcatenationOptions* o,
                                OptionsOf<tfl::ConcatenationOptions>(false));
    ConcatenationAttributes a;
    if (o != nullptr) {
      a.axis = o->axis();
      ARENASTORE_RETURN_IF_ERROR(ToActivation(o->fused_activation_function(), &a.activation));
    }
    const int32_t rank = static_cast<int32_t>(reader_.ShapeOf(outputs_[0]).size());
    if (a.axis < -rank || a.axis >= rank) {
      return Fail(fmt::format("axis {} is out of range for rank {}", a.axis, rank));
    }
    if (inputs_.size() > static_cast<size_t>(kernels::kMaxOpInputs)) {
      Refuse(fmt::format("{} inputs, at most {}", inputs_.size(), kernels::kMaxOpInputs));
    }
    result_.op.kind = OpKind::kConcatenation;
    result_.op.inputs = inputs_;
    result_.op.attributes = a;
    return Status::Ok();
  }

  Status MapBatchMatmul() {
    ARENASTORE_RETURN_IF_ERROR(ExpectArity(2, 2));
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::BatchMatMulOptions* o,
                                OptionsOf<tfl::BatchMatMulOptions>(false));
    BatchMatmulAttributes a;
    if (o != nullptr) {
      a.adj_x = o->adj_x();
      a.adj_y = o->adj_y();
    }
    result_.op.kind = OpKind::kBatchMatmul;
    result_.op.inputs = {inputs_[0], inputs_[1]};
    result_.op.attributes = a;
    return Status::Ok();
  }

  const TfliteModelReader& reader_;
  int32_t op_index_;
  const TfliteOperatorCode& code_;
  const tfl::Operator& op_;
  std::vector<int32_t> inputs_;
  std::vector<int32_t> outputs_;
  TfliteOperatorMapping result_;
};

}  // namespace

bool IsMappableTfliteBuiltin(int32_t builtin) {
  switch (static_cast<TfliteBuiltin>(builtin)) {
    case TfliteBuiltin::kConv2d:
    case TfliteBuiltin::kDepthwiseConv2d:
    case TfliteBuiltin::kFullyConnected:
    case TfliteBuiltin::kTransposeConv:
    case TfliteBuiltin::kAveragePool2d:
    case TfliteBuiltin::kMaxPool2d:
    case TfliteBuiltin::kAdd:
    case TfliteBuiltin::kMul:
    case TfliteBuiltin::kSoftmax:
    case TfliteBuiltin::kReshape:
    case TfliteBuiltin::kPad:
    case TfliteBuiltin::kPadV2:
    case TfliteBuiltin::kConcatenation:
    case TfliteBuiltin::kBatchMatmul:
      return true;
    default:
      return false;
  }
}

Result<TfliteOperatorMapping> MapTfliteOperator(const TfliteModelReader& reader, int32_t op_index,
                                                const TfliteOperatorCode& code) {
  OperatorMapper mapper(reader, op_index, code);
  return mapper.Map();
}

}  // namespace arenastore::planner
