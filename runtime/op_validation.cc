#include "runtime/op_validation.h"

#include <cstdarg>
#include <limits>

#include "base/format.h"
#include "kernels/op_params.h"
#include "runtime/artifact_validation.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

using kernels::OpKind;
using schema::DataType;

// Kernels index with int32 arithmetic; window extents and strided positions stay below half
// of its range so sums of two of them cannot overflow.
constexpr int64_t kMaxExtent = std::numeric_limits<int32_t>::max() / 2;
// Tensor validation caps every tensor's element count here.
constexpr int64_t kMaxElementCount = std::numeric_limits<int32_t>::max();

static_assert(static_cast<int>(schema::OpKind::CONCATENATION) ==
                  static_cast<int>(OpKind::kConcatenation),
              "schema OpKind mirrors kernels::OpKind");
static_assert(static_cast<int>(schema::OpKind::MAX) + 1 == kernels::kOpKindCount,
              "schema OpKind mirrors kernels::OpKind");
static_assert(static_cast<int>(schema::Isa::MAX) + 1 == kernels::kIsaCount,
              "schema Isa mirrors kernels::Isa");

// One spatial dimension of a sliding window (conv, depthwise, pooling).
struct Window {
  const char* axis;  // "h" or "w"
  int32_t input, output, filter, stride, dilation, pad;
};

class OpChecker {
 public:
  OpChecker(const schema::Artifact& artifact, int32_t index)
      : artifact_(artifact),
        op_(*artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(index))),
        index_(index) {}

  const schema::Operator& op() const { return op_; }
  // The options table; ValidateOptionsType has checked that it is present and of this type.
  template <typename Table>
  const Table& Options() const {
    return *static_cast<const Table*>(op_.options());
  }
  int32_t input_count() const { return static_cast<int32_t>(op_.inputs()->size()); }

  // The input tensor at position k, nullptr when absent (-1 or past the end).
  const schema::Tensor* Input(int32_t k) const {
    if (k < 0 || k >= input_count()) return nullptr;
    const int32_t t = op_.inputs()->Get(static_cast<flatbuffers::uoffset_t>(k));
    return t < 0 ? nullptr : artifact_.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
  }
  const schema::Tensor& Output() const {
    return *artifact_.tensors()->Get(static_cast<flatbuffers::uoffset_t>(op_.outputs()->Get(0)));
  }

  [[gnu::format(printf, 3, 4)]] Status Fail(const char* field, const char* format, ...) const {
    char detail[Status::kMessageBytes];
    va_list args;
    va_start(args, format);
    FormatV(detail, sizeof(detail), format, args);
    va_end(args);
    const char* name = kernels::OpKindName(static_cast<OpKind>(op_.kind()));
    return InvalidField(field, "operators[%d] (%s): %s", index_, name, detail).WithOp(index_);
  }

  Status Arity(int32_t min_inputs, int32_t max_inputs) const {
    if (input_count() < min_inputs || input_count() > max_inputs) {
      return Fail("operators.inputs", "%d inputs, expected %d to %d", input_count(), min_inputs,
                  max_inputs);
    }
    if (op_.outputs()->size() != 1) {
      return Fail("operators.outputs", "%u outputs, expected 1", op_.outputs()->size());
    }
    return Status::Ok();
  }

  Status ExpectType(const schema::Tensor& tensor, DataType type, const char* role) const {
    if (tensor.type() == type) return Status::Ok();
    return Fail("tensors.type", "%s is %s, expected %s", role,
                schema::EnumNameDataType(tensor.type()), schema::EnumNameDataType(type));
  }

  // A mandatory input of the given type.
  Status Operand(int32_t k, const char* role, DataType type, const schema::Tensor** out) const {
    *out = Input(k);
    if (*out == nullptr) return Fail("operators.inputs", "inputs[%d] (%s) is missing", k, role);
    return ExpectType(**out, type, role);
  }

  // An optional input (e.g. bias): absent is fine, present must have the type.
  Status OptionalOperand(int32_t k, const char* role, DataType type,
                         const schema::Tensor** out) const {
    *out = Input(k);
    return *out == nullptr ? Status::Ok() : ExpectType(**out, type, role);
  }

  Status OutputOperand(DataType type, const schema::Tensor** out) const {
    *out = &Output();
    return ExpectType(**out, type, "output");
  }

  Status ExpectRank(const schema::Tensor& tensor, const char* role, int32_t min_rank,
                    int32_t max_rank) const {
    if (Rank(tensor) >= min_rank && Rank(tensor) <= max_rank) return Status::Ok();
    return Fail("tensors.shape", "%s shape %s has rank %d, expected %d to %d", role,
                FormatShape(tensor).text, Rank(tensor), min_rank, max_rank);
  }

  Status ExpectBias(const schema::Tensor* bias, int32_t channels) const {
    if (bias == nullptr || ElementCount(*bias) == channels) return Status::Ok();
    return Fail("tensors.shape", "bias shape %s has %lld elements, expected %d",
                FormatShape(*bias).text, static_cast<long long>(ElementCount(*bias)), channels);
  }

  Status ExpectActivationRange(int32_t min, int32_t max) const {
    if (-128 <= min && min <= max && max <= 127) return Status::Ok();
    return Fail("operators.options.activation_min",
                "activation range [%d, %d] is not an ordered range inside [-128, 127]", min, max);
  }

  Status ExpectEnums(schema::Padding padding, schema::Activation activation) const {
    if (static_cast<uint32_t>(padding) > static_cast<uint32_t>(schema::Padding::MAX)) {
      return Fail("operators.options.padding", "unknown padding %u",
                  static_cast<uint32_t>(padding));
    }
    if (static_cast<uint32_t>(activation) > static_cast<uint32_t>(schema::Activation::MAX)) {
      return Fail("operators.options.activation", "unknown activation %u",
                  static_cast<uint32_t>(activation));
    }
    return Status::Ok();
  }

  Status ExpectFixedPoint(const char* field, int32_t multiplier, int32_t shift) const {
    if (multiplier >= 0 && shift >= -31 && shift <= 30) return Status::Ok();
    return Fail(field, "fixed-point multiplier %d must be >= 0 and shift %d in [-31, 30]",
                multiplier, shift);
  }

  // Requantization with exactly `channels` entries (or 1 when per-tensor is allowed).
  Status ExpectRequant(const schema::Requantization* requant, int32_t channels,
                       bool allow_per_tensor) const {
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
      ARENASTORE_RETURN_IF_ERROR(ExpectFixedPoint(
          "operators.options.requant", requant->multiplier()->Get(c), requant->shift()->Get(c)));
    }
    return Status::Ok();
  }

  // The last window starts inside the input, padding stays inside the (dilated) filter, and
  // every position a kernel computes fits int32.
  Status ExpectWindow(const Window& w) const {
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
    return Status::Ok();
  }

  // Output [n, *, *, channels] of a rank-4 NHWC input.
  Status ExpectNhwcOutput(const schema::Tensor& input, const schema::Tensor& output,
                          int32_t channels) const {
    if (Dim(output, 0) == Dim(input, 0) && Dim(output, 3) == channels) return Status::Ok();
    return Fail("tensors.shape", "output shape %s is not [%d, h, w, %d]", FormatShape(output).text,
                Dim(input, 0), channels);
  }

 private:
  const schema::Artifact& artifact_;
  const schema::Operator& op_;
  int32_t index_;
};

struct Nhwc {
  const schema::Tensor* input;
  const schema::Tensor* filter;
  const schema::Tensor* bias;
  const schema::Tensor* output;
};

// input int8 [n,h,w,c], filter int8 rank 4, optional int32 bias, output int8 [n,oh,ow,oc].
Status ConvOperands(const OpChecker& c, Nhwc* o) {
  ARENASTORE_RETURN_IF_ERROR(c.Arity(2, 3));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(0, "input", DataType::INT8, &o->input));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(1, "filter", DataType::INT8, &o->filter));
  ARENASTORE_RETURN_IF_ERROR(c.OptionalOperand(2, "bias", DataType::INT32, &o->bias));
  ARENASTORE_RETURN_IF_ERROR(c.OutputOperand(DataType::INT8, &o->output));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*o->input, "input", 4, 4));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*o->filter, "filter", 4, 4));
  return c.ExpectRank(*o->output, "output", 4, 4);
}

// The options conv2d and depthwise_conv2d share, read once so one copy of the checks serves
// both (on a microcontroller the gate's code size matters).
struct SlidingConv {
  schema::Padding padding;
  schema::Activation activation;
  int32_t stride_h, stride_w, dilation_h, dilation_w, pad_top, pad_left;
  int32_t activation_min, activation_max;
  const schema::Requantization* requant;
};

template <typename Options>
SlidingConv SlidingConvOf(const Options& options) {
  return {options.padding(),        options.activation(), options.stride_h(),
          options.stride_w(),       options.dilation_h(), options.dilation_w(),
          options.pad_top(),        options.pad_left(),   options.activation_min(),
          options.activation_max(), options.requant()};
}

Status ExpectSlidingConv(const OpChecker& c, const Nhwc& o, int32_t output_c,
                         const SlidingConv& s) {
  ARENASTORE_RETURN_IF_ERROR(c.ExpectNhwcOutput(*o.input, *o.output, output_c));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectBias(o.bias, output_c));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectEnums(s.padding, s.activation));
  ARENASTORE_RETURN_IF_ERROR(
      c.ExpectWindow({"h", Dim(*o.input, 1), Dim(*o.output, 1), Dim(*o.filter, 1), s.stride_h,
                      s.dilation_h, s.pad_top}));
  ARENASTORE_RETURN_IF_ERROR(
      c.ExpectWindow({"w", Dim(*o.input, 2), Dim(*o.output, 2), Dim(*o.filter, 2), s.stride_w,
                      s.dilation_w, s.pad_left}));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectActivationRange(s.activation_min, s.activation_max));
  return c.ExpectRequant(s.requant, output_c, false);
}

Status ValidateConv2d(const OpChecker& c) {
  Nhwc o;
  ARENASTORE_RETURN_IF_ERROR(ConvOperands(c, &o));
  const schema::Conv2dOptions& options = c.Options<schema::Conv2dOptions>();
  const int32_t input_c = Dim(*o.input, 3);
  const int32_t filter_c = Dim(*o.filter, 3);
  const int32_t output_c = Dim(*o.filter, 0);
  if (input_c % filter_c != 0 || output_c % (input_c / filter_c) != 0) {
    return c.Fail("tensors.shape",
                  "filter %s does not group input %s (input channels must be "
                  "a multiple of the filter's, output channels of the groups)",
                  FormatShape(*o.filter).text, FormatShape(*o.input).text);
  }
  return ExpectSlidingConv(c, o, output_c, SlidingConvOf(options));
}

Status ValidateDepthwiseConv2d(const OpChecker& c) {
  Nhwc o;
  ARENASTORE_RETURN_IF_ERROR(ConvOperands(c, &o));
  const schema::DepthwiseConv2dOptions& options = c.Options<schema::DepthwiseConv2dOptions>();
  const int32_t input_c = Dim(*o.input, 3);
  const int32_t output_c = Dim(*o.filter, 3);
  if (Dim(*o.filter, 0) != 1 || output_c % input_c != 0 ||
      options.depth_multiplier() != output_c / input_c) {
    return c.Fail("tensors.shape", "filter %s is not [1, h, w, %d x depth_multiplier %d]",
                  FormatShape(*o.filter).text, input_c, options.depth_multiplier());
  }
  return ExpectSlidingConv(c, o, output_c, SlidingConvOf(options));
}

Status ValidateTransposeConv2d(const OpChecker& c) {
  Nhwc o;
  ARENASTORE_RETURN_IF_ERROR(ConvOperands(c, &o));
  const schema::TransposeConv2dOptions& options = c.Options<schema::TransposeConv2dOptions>();
  const int32_t output_c = Dim(*o.filter, 0);
  if (Dim(*o.filter, 3) != Dim(*o.input, 3)) {
    return c.Fail("tensors.shape", "filter %s is not [oc, h, w, %d]", FormatShape(*o.filter).text,
                  Dim(*o.input, 3));
  }
  ARENASTORE_RETURN_IF_ERROR(c.ExpectNhwcOutput(*o.input, *o.output, output_c));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectBias(o.bias, output_c));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectEnums(options.padding(), options.activation()));
  const int32_t strides[2] = {options.stride_h(), options.stride_w()};
  const int32_t pads[2] = {options.pad_top(), options.pad_left()};
  for (int axis = 0; axis < 2; ++axis) {
    const int32_t input = Dim(*o.input, 1 + axis);
    const int32_t filter = Dim(*o.filter, 1 + axis);
    // The scattered extent in 64 bits: the product of untrusted int32 values may overflow.
    if (strides[axis] < 1 || pads[axis] < 0 || pads[axis] > filter - 1 ||
        (int64_t{input} - 1) * strides[axis] + filter > kMaxExtent) {
      return c.Fail("operators.options.stride_h",
                    "%s: stride %d must be >= 1, padding %d in [0, %d], and the scattered "
                    "extent below %lld",
                    axis == 0 ? "h" : "w", strides[axis], pads[axis], filter - 1,
                    static_cast<long long>(kMaxExtent));
    }
  }
  ARENASTORE_RETURN_IF_ERROR(
      c.ExpectActivationRange(options.activation_min(), options.activation_max()));
  return c.ExpectRequant(options.requant(), output_c, false);
}

Status ValidateFullyConnected(const OpChecker& c) {
  const schema::Tensor *input, *filter, *bias, *output;
  ARENASTORE_RETURN_IF_ERROR(c.Arity(2, 3));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(0, "input", DataType::INT8, &input));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(1, "filter", DataType::INT8, &filter));
  ARENASTORE_RETURN_IF_ERROR(c.OptionalOperand(2, "bias", DataType::INT32, &bias));
  ARENASTORE_RETURN_IF_ERROR(c.OutputOperand(DataType::INT8, &output));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*filter, "filter", 2, 2));
  const schema::FullyConnectedOptions& options = c.Options<schema::FullyConnectedOptions>();
  const int32_t output_depth = Dim(*filter, 0);
  const int32_t input_depth = Dim(*filter, 1);
  // Tensor validation capped every element count at int32, so 32-bit division is exact here
  // (and a Cortex-M divides it in one instruction instead of calling libgcc).
  const auto input_elements = static_cast<int32_t>(ElementCount(*input));
  if (input_elements % input_depth != 0 ||
      ElementCount(*output) != int64_t{input_elements / input_depth} * output_depth) {
    return c.Fail("tensors.shape",
                  "input %s and output %s are not [batches x %d] and [batches x %d]",
                  FormatShape(*input).text, FormatShape(*output).text, input_depth, output_depth);
  }
  ARENASTORE_RETURN_IF_ERROR(c.ExpectBias(bias, output_depth));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectEnums(schema::Padding::VALID, options.activation()));
  ARENASTORE_RETURN_IF_ERROR(
      c.ExpectActivationRange(options.activation_min(), options.activation_max()));
  return c.ExpectRequant(options.requant(), output_depth, true);
}

Status ValidateBatchMatmul(const OpChecker& c) {
  const schema::Tensor *lhs, *rhs, *output;
  ARENASTORE_RETURN_IF_ERROR(c.Arity(2, 2));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(0, "lhs", DataType::INT8, &lhs));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(1, "rhs", DataType::INT8, &rhs));
  ARENASTORE_RETURN_IF_ERROR(c.OutputOperand(DataType::INT8, &output));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*lhs, "lhs", 2, 5));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*rhs, "rhs", 2, 5));
  const schema::BatchMatmulOptions& options = c.Options<schema::BatchMatmulOptions>();
  const int32_t lr = Rank(*lhs);
  const int32_t rr = Rank(*rhs);
  const int32_t rows = Dim(*lhs, options.adj_x() ? lr - 1 : lr - 2);
  const int32_t depth = Dim(*lhs, options.adj_x() ? lr - 2 : lr - 1);
  const int32_t rhs_depth = Dim(*rhs, options.adj_y() ? rr - 1 : rr - 2);
  const int32_t cols = Dim(*rhs, options.adj_y() ? rr - 2 : rr - 1);
  // Every factor is an int32 dimension and the product stops growing once it passes the int32
  // element cap an output can have, so the 64-bit products below cannot overflow.
  int64_t elements = int64_t{rows} * cols;
  bool fits = depth == rhs_depth;
  for (int i = 0; i < 3; ++i) {  // leading batch dims, right-aligned to 3, 1 where absent
    const int32_t a = Dim(*lhs, lr - 5 + i);
    const int32_t b = Dim(*rhs, rr - 5 + i);
    fits = fits && (a == b || a == 1 || b == 1) && elements <= kMaxElementCount;
    if (fits) elements *= a > b ? a : b;
  }
  if (!fits || ElementCount(*output) != elements) {
    return c.Fail("tensors.shape", "lhs %s, rhs %s and output %s do not form a batch matmul",
                  FormatShape(*lhs).text, FormatShape(*rhs).text, FormatShape(*output).text);
  }
  ARENASTORE_RETURN_IF_ERROR(
      c.ExpectActivationRange(options.activation_min(), options.activation_max()));
  return c.ExpectRequant(options.requant(), 1, true);
}

Status ValidatePool2d(const OpChecker& c) {
  const schema::Tensor *input, *output;
  ARENASTORE_RETURN_IF_ERROR(c.Arity(1, 1));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(0, "input", DataType::INT8, &input));
  ARENASTORE_RETURN_IF_ERROR(c.OutputOperand(DataType::INT8, &output));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*input, "input", 4, 4));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*output, "output", 4, 4));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectNhwcOutput(*input, *output, Dim(*input, 3)));
  const schema::Pool2dOptions& options = c.Options<schema::Pool2dOptions>();
  ARENASTORE_RETURN_IF_ERROR(c.ExpectEnums(options.padding(), options.activation()));
  ARENASTORE_RETURN_IF_ERROR(
      c.ExpectWindow({"h", Dim(*input, 1), Dim(*output, 1), options.filter_h(), options.stride_h(),
                      1, options.pad_top()}));
  ARENASTORE_RETURN_IF_ERROR(
      c.ExpectWindow({"w", Dim(*input, 2), Dim(*output, 2), options.filter_w(), options.stride_w(),
                      1, options.pad_left()}));
  return c.ExpectActivationRange(options.activation_min(), options.activation_max());
}

// numpy broadcasting of two inputs to the output, right-aligned.
Status ExpectBroadcast(const OpChecker& c, const schema::Tensor** operands) {
  ARENASTORE_RETURN_IF_ERROR(c.Arity(2, 2));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(0, "input1", DataType::INT8, &operands[0]));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(1, "input2", DataType::INT8, &operands[1]));
  ARENASTORE_RETURN_IF_ERROR(c.OutputOperand(DataType::INT8, &operands[2]));
  const char* roles[3] = {"input1", "input2", "output"};
  for (int k = 0; k < 3; ++k) {
    ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*operands[k], roles[k], 0, kernels::kMaxBroadcastRank));
  }
  for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
    const int32_t a = Dim(*operands[0], Rank(*operands[0]) - kernels::kMaxBroadcastRank + i);
    const int32_t b = Dim(*operands[1], Rank(*operands[1]) - kernels::kMaxBroadcastRank + i);
    const int32_t out = Dim(*operands[2], Rank(*operands[2]) - kernels::kMaxBroadcastRank + i);
    if ((a != b && a != 1 && b != 1) || out != (a > b ? a : b)) {
      return c.Fail("tensors.shape", "inputs %s and %s do not broadcast to output %s",
                    FormatShape(*operands[0]).text, FormatShape(*operands[1]).text,
                    FormatShape(*operands[2]).text);
    }
  }
  return Status::Ok();
}

Status ValidateAdd(const OpChecker& c) {
  const schema::Tensor* operands[3];
  ARENASTORE_RETURN_IF_ERROR(ExpectBroadcast(c, operands));
  const schema::AddOptions& options = c.Options<schema::AddOptions>();
  ARENASTORE_RETURN_IF_ERROR(c.ExpectEnums(schema::Padding::VALID, options.activation()));
  if (options.left_shift() < 0 || options.left_shift() > 30) {
    return c.Fail("operators.options.left_shift", "left_shift %d outside [0, 30]",
                  options.left_shift());
  }
  ARENASTORE_RETURN_IF_ERROR(c.ExpectFixedPoint(
      "operators.options.input1_multiplier", options.input1_multiplier(), options.input1_shift()));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectFixedPoint(
      "operators.options.input2_multiplier", options.input2_multiplier(), options.input2_shift()));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectFixedPoint(
      "operators.options.output_multiplier", options.output_multiplier(), options.output_shift()));
  return c.ExpectActivationRange(options.activation_min(), options.activation_max());
}

Status ValidateMul(const OpChecker& c) {
  const schema::Tensor* operands[3];
  ARENASTORE_RETURN_IF_ERROR(ExpectBroadcast(c, operands));
  const schema::MulOptions& options = c.Options<schema::MulOptions>();
  ARENASTORE_RETURN_IF_ERROR(c.ExpectEnums(schema::Padding::VALID, options.activation()));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectFixedPoint(
      "operators.options.output_multiplier", options.output_multiplier(), options.output_shift()));
  return c.ExpectActivationRange(options.activation_min(), options.activation_max());
}

bool SameShape(const schema::Tensor& a, const schema::Tensor& b) {
  if (Rank(a) != Rank(b)) return false;
  for (int32_t i = 0; i < Rank(a); ++i) {
    if (Dim(a, i) != Dim(b, i)) return false;
  }
  return true;
}

Status ValidateSoftmax(const OpChecker& c) {
  const schema::Tensor *input, *output;
  ARENASTORE_RETURN_IF_ERROR(c.Arity(1, 1));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(0, "input", DataType::INT8, &input));
  ARENASTORE_RETURN_IF_ERROR(c.OutputOperand(DataType::INT8, &output));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*input, "input", 1, kMaxTensorRank));
  if (!SameShape(*input, *output)) {
    return c.Fail("tensors.shape", "input %s and output %s differ", FormatShape(*input).text,
                  FormatShape(*output).text);
  }
  const schema::SoftmaxOptions& options = c.Options<schema::SoftmaxOptions>();
  if (options.input_multiplier() < 0 || options.input_left_shift() < 0 ||
      options.input_left_shift() > 31 || options.diff_min() > 0) {
    return c.Fail("operators.options.input_multiplier",
                  "input_multiplier %d must be >= 0, input_left_shift %d in [0, 31], diff_min %d "
                  "<= 0",
                  options.input_multiplier(), options.input_left_shift(), options.diff_min());
  }
  return Status::Ok();
}

Status ValidateReshape(const OpChecker& c) {
  ARENASTORE_RETURN_IF_ERROR(c.Arity(1, 2));  // a second input (the shape) is not read
  const schema::Tensor* input = c.Input(0);
  if (input == nullptr) return c.Fail("operators.inputs", "inputs[0] (input) is missing");
  const schema::Tensor& output = c.Output();
  if (input->type() != output.type() || input->bytes() != output.bytes()) {
    return c.Fail("tensors.bytes",
                  "input %s (%llu B) and output %s (%llu B) differ in size or type",
                  FormatShape(*input).text, static_cast<unsigned long long>(input->bytes()),
                  FormatShape(output).text, static_cast<unsigned long long>(output.bytes()));
  }
  return Status::Ok();
}

Status ValidatePad(const OpChecker& c) {
  const schema::Tensor *input, *output;
  ARENASTORE_RETURN_IF_ERROR(c.Arity(1, 1));
  ARENASTORE_RETURN_IF_ERROR(c.Operand(0, "input", DataType::INT8, &input));
  ARENASTORE_RETURN_IF_ERROR(c.OutputOperand(DataType::INT8, &output));
  ARENASTORE_RETURN_IF_ERROR(c.ExpectRank(*input, "input", 1, kernels::kMaxPadRank));
  const schema::PadOptions& options = c.Options<schema::PadOptions>();
  const int32_t rank = Rank(*input);
  if (options.before() == nullptr || options.after() == nullptr ||
      options.before()->size() != static_cast<uint32_t>(rank) ||
      options.after()->size() != static_cast<uint32_t>(rank) || Rank(*output) != rank) {
    return c.Fail("operators.options.before",
                  "padding needs one (before, after) pair per dimension of input %s and output "
                  "of the same rank",
                  FormatShape(*input).text);
  }
  for (int32_t i = 0; i < rank; ++i) {
    const int64_t before = options.before()->Get(static_cast<flatbuffers::uoffset_t>(i));
    const int64_t after = options.after()->Get(static_cast<flatbuffers::uoffset_t>(i));
    if (before < 0 || after < 0 || Dim(*input, i) + before + after != Dim(*output, i)) {
      return c.Fail("operators.options.before",
                    "dimension %d: input %d + before %lld + after %lld must be >= 0 padding and "
                    "equal output %d",
                    i, Dim(*input, i), static_cast<long long>(before),
                    static_cast<long long>(after), Dim(*output, i));
    }
  }
  return Status::Ok();
}

Status ValidateConcatenation(const OpChecker& c) {
  const schema::Tensor* output;
  ARENASTORE_RETURN_IF_ERROR(c.Arity(1, kernels::kMaxOpInputs));
  ARENASTORE_RETURN_IF_ERROR(c.OutputOperand(DataType::INT8, &output));
  const int32_t rank = Rank(*output);
  const int32_t raw_axis = c.Options<schema::ConcatenationOptions>().axis();
  const int32_t axis = raw_axis < 0 ? raw_axis + rank : raw_axis;
  if (rank < 1 || axis < 0 || axis >= rank) {
    return c.Fail("operators.options.axis", "axis %d out of range for output %s", raw_axis,
                  FormatShape(*output).text);
  }
  int64_t axis_total = 0;
  for (int32_t k = 0; k < c.input_count(); ++k) {
    const schema::Tensor* input;
    ARENASTORE_RETURN_IF_ERROR(c.Operand(k, "input", DataType::INT8, &input));
    bool agrees = Rank(*input) == rank;
    for (int32_t i = 0; agrees && i < rank; ++i)
      agrees = i == axis || Dim(*input, i) == Dim(*output, i);
    if (!agrees) {
      return c.Fail("tensors.shape", "input %d shape %s differs from output %s off axis %d", k,
                    FormatShape(*input).text, FormatShape(*output).text, axis);
    }
    axis_total += Dim(*input, axis);
  }
  if (axis_total != Dim(*output, axis)) {
    return c.Fail("tensors.shape", "inputs add up to %lld along axis %d, output has %d",
                  static_cast<long long>(axis_total), axis, Dim(*output, axis));
  }
  return Status::Ok();
}

Status ValidateOptionsType(const OpChecker& c, OpKind kind) {
  const schema::OpOptions expected = OptionsTypeFor(kind);
  const schema::OpOptions actual = c.op().options_type();
  const bool type_ok =
      actual == expected || (kind == OpKind::kReshape && actual == schema::OpOptions::NONE);
  if (!type_ok) {
    const char* name = schema::EnumNameOpOptions(actual);
    return c.Fail("operators.options", "options hold %s, expected %s",
                  name[0] == '\0' ? "an unknown table" : name, schema::EnumNameOpOptions(expected));
  }
  if (actual != schema::OpOptions::NONE && c.op().options() == nullptr) {
    return c.Fail("operators.options", "options table %s is missing",
                  schema::EnumNameOpOptions(expected));
  }
  return Status::Ok();
}

}  // namespace

schema::OpOptions OptionsTypeFor(OpKind kind) {
  switch (kind) {
    case OpKind::kConv2d:
      return schema::OpOptions::Conv2dOptions;
    case OpKind::kDepthwiseConv2d:
      return schema::OpOptions::DepthwiseConv2dOptions;
    case OpKind::kFullyConnected:
      return schema::OpOptions::FullyConnectedOptions;
    case OpKind::kBatchMatmul:
      return schema::OpOptions::BatchMatmulOptions;
    case OpKind::kTransposeConv2d:
      return schema::OpOptions::TransposeConv2dOptions;
    case OpKind::kAveragePool2d:
    case OpKind::kMaxPool2d:
      return schema::OpOptions::Pool2dOptions;
    case OpKind::kAdd:
      return schema::OpOptions::AddOptions;
    case OpKind::kMul:
      return schema::OpOptions::MulOptions;
    case OpKind::kSoftmax:
      return schema::OpOptions::SoftmaxOptions;
    case OpKind::kReshape:
      return schema::OpOptions::ReshapeOptions;
    case OpKind::kPad:
      return schema::OpOptions::PadOptions;
    case OpKind::kConcatenation:
      return schema::OpOptions::ConcatenationOptions;
  }
  return schema::OpOptions::NONE;
}

Status ValidateKnownOperator(const schema::Artifact& artifact, int32_t op_index) {
  const OpChecker c(artifact, op_index);
  const auto kind = static_cast<OpKind>(c.op().kind());
  ARENASTORE_RETURN_IF_ERROR(ValidateOptionsType(c, kind));
  switch (kind) {
    case OpKind::kConv2d:
      return ValidateConv2d(c);
    case OpKind::kDepthwiseConv2d:
      return ValidateDepthwiseConv2d(c);
    case OpKind::kFullyConnected:
      return ValidateFullyConnected(c);
    case OpKind::kBatchMatmul:
      return ValidateBatchMatmul(c);
    case OpKind::kTransposeConv2d:
      return ValidateTransposeConv2d(c);
    case OpKind::kAveragePool2d:
    case OpKind::kMaxPool2d:
      return ValidatePool2d(c);
    case OpKind::kAdd:
      return ValidateAdd(c);
    case OpKind::kMul:
      return ValidateMul(c);
    case OpKind::kSoftmax:
      return ValidateSoftmax(c);
    case OpKind::kReshape:
      return ValidateReshape(c);
    case OpKind::kPad:
      return ValidatePad(c);
    case OpKind::kConcatenation:
      return ValidateConcatenation(c);
  }
  return c.Fail("operators.kind", "unknown operator kind");
}

}  // namespace arenastore::runtime
