#include "runtime/op_params_builder.h"

#include "runtime/artifact_validation.h"
#include "runtime/op_checker.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

using kernels::OpKind;

// Each Lower* function reads an operator's fields once, checks them and writes the kernel
// params: validation and lowering are one pass, so what was checked is exactly what kernels
// get (and a microcontroller carries one reader of every field, not two).

kernels::Requantization RequantOf(const schema::Requantization& requant) {
  return {requant.multiplier()->data(), requant.shift()->data(),
          static_cast<int32_t>(requant.multiplier()->size())};
}

struct Nhwc {
  const schema::Tensor* input;
  const schema::Tensor* filter;
  const schema::Tensor* bias;
  const schema::Tensor* output;
};

// input int8 [n,h,w,c], filter int8 rank 4, optional int32 bias, output int8 [n,oh,ow,oc]
// (as ExpectOperands checked).
Nhwc ConvOperands(const OpChecker& c) { return {c.Input(0), c.Input(1), c.Input(2), &c.Output()}; }

// The options conv2d and depthwise_conv2d share, read once so one copy of the checks serves
// both.
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

bool ExpectSlidingConv(const OpChecker& c, const Nhwc& o, int32_t output_c, const SlidingConv& s) {
  if (!c.ExpectNhwcOutput(*o.input, *o.output, output_c)) return false;
  if (!c.ExpectBias(o.bias, output_c)) return false;
  if (!c.ExpectEnums(s.padding, s.activation)) return false;
  if (!c.ExpectWindow({"h", Dim(*o.input, 1), Dim(*o.output, 1), Dim(*o.filter, 1), s.stride_h,
                       s.dilation_h, s.pad_top}))
    return false;
  if (!c.ExpectWindow({"w", Dim(*o.input, 2), Dim(*o.output, 2), Dim(*o.filter, 2), s.stride_w,
                       s.dilation_w, s.pad_left}))
    return false;
  if (!c.ExpectActivationRange(s.activation_min, s.activation_max)) return false;
  return c.ExpectRequant(s.requant, output_c, false);
}

// Checks the fields Conv2dParams and DepthwiseConv2dParams share, then fills them.
template <typename Params>
bool LowerSlidingConv(const OpChecker& c, const Nhwc& o, int32_t output_c, const SlidingConv& s,
                      Params* p) {
  if (!ExpectSlidingConv(c, o, output_c, s)) return false;
  p->batches = Dim(*o.input, 0);
  p->input_h = Dim(*o.input, 1);
  p->input_w = Dim(*o.input, 2);
  p->input_c = Dim(*o.input, 3);
  p->filter_h = Dim(*o.filter, 1);
  p->filter_w = Dim(*o.filter, 2);
  p->output_h = Dim(*o.output, 1);
  p->output_w = Dim(*o.output, 2);
  p->output_c = output_c;
  p->stride_h = s.stride_h;
  p->stride_w = s.stride_w;
  p->dilation_h = s.dilation_h;
  p->dilation_w = s.dilation_w;
  p->pad_top = s.pad_top;
  p->pad_left = s.pad_left;
  p->input_zero_point = ZeroPoint(*o.input);
  p->output_zero_point = ZeroPoint(*o.output);
  p->activation_min = s.activation_min;
  p->activation_max = s.activation_max;
  p->requant = RequantOf(*s.requant);
  return true;
}

bool LowerConv2d(const OpChecker& c, kernels::Conv2dParams* p) {
  const Nhwc o = ConvOperands(c);
  const int32_t input_c = Dim(*o.input, 3);
  const int32_t filter_c = Dim(*o.filter, 3);
  const int32_t output_c = Dim(*o.filter, 0);
  if (input_c % filter_c != 0 || output_c % (input_c / filter_c) != 0) {
    return c.Fail("tensors.shape",
                  "filter %s does not group input %s (input channels must be "
                  "a multiple of the filter's, output channels of the groups)",
                  FormatShape(*o.filter).text, FormatShape(*o.input).text);
  }
  if (!LowerSlidingConv(c, o, output_c, SlidingConvOf(c.Options<schema::Conv2dOptions>()), p)) {
    return false;
  }
  p->groups = input_c / filter_c;
  return true;
}

bool LowerDepthwiseConv2d(const OpChecker& c, kernels::DepthwiseConv2dParams* p) {
  const Nhwc o = ConvOperands(c);
  const schema::DepthwiseConv2dOptions& options = c.Options<schema::DepthwiseConv2dOptions>();
  const int32_t input_c = Dim(*o.input, 3);
  const int32_t output_c = Dim(*o.filter, 3);
  if (Dim(*o.filter, 0) != 1 || output_c % input_c != 0 ||
      options.depth_multiplier() != output_c / input_c) {
    return c.Fail("tensors.shape", "filter %s is not [1, h, w, %d x depth_multiplier %d]",
                  FormatShape(*o.filter).text, input_c, options.depth_multiplier());
  }
  if (!LowerSlidingConv(c, o, output_c, SlidingConvOf(options), p)) return false;
  p->depth_multiplier = output_c / input_c;
  return true;
}

bool LowerTransposeConv2d(const OpChecker& c, kernels::TransposeConv2dParams* p) {
  const Nhwc o = ConvOperands(c);
  const schema::TransposeConv2dOptions& options = c.Options<schema::TransposeConv2dOptions>();
  const int32_t output_c = Dim(*o.filter, 0);
  if (Dim(*o.filter, 3) != Dim(*o.input, 3)) {
    return c.Fail("tensors.shape", "filter %s is not [oc, h, w, %d]", FormatShape(*o.filter).text,
                  Dim(*o.input, 3));
  }
  if (!c.ExpectNhwcOutput(*o.input, *o.output, output_c)) return false;
  if (!c.ExpectBias(o.bias, output_c)) return false;
  if (!c.ExpectEnums(options.padding(), options.activation())) return false;
  p->stride_h = options.stride_h();
  p->stride_w = options.stride_w();
  p->pad_top = options.pad_top();
  p->pad_left = options.pad_left();
  const int32_t strides[2] = {p->stride_h, p->stride_w};
  const int32_t pads[2] = {p->pad_top, p->pad_left};
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
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  if (!c.ExpectActivationRange(p->activation_min, p->activation_max)) return false;
  if (!c.ExpectRequant(options.requant(), output_c, false)) return false;
  p->batches = Dim(*o.input, 0);
  p->input_h = Dim(*o.input, 1);
  p->input_w = Dim(*o.input, 2);
  p->input_c = Dim(*o.input, 3);
  p->filter_h = Dim(*o.filter, 1);
  p->filter_w = Dim(*o.filter, 2);
  p->output_h = Dim(*o.output, 1);
  p->output_w = Dim(*o.output, 2);
  p->output_c = output_c;
  p->input_zero_point = ZeroPoint(*o.input);
  p->output_zero_point = ZeroPoint(*o.output);
  p->requant = RequantOf(*options.requant());
  return true;
}

bool LowerFullyConnected(const OpChecker& c, kernels::FullyConnectedParams* p) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* filter = c.Input(1);
  const schema::Tensor* bias = c.Input(2);
  const schema::Tensor* output = &c.Output();
  const schema::FullyConnectedOptions& options = c.Options<schema::FullyConnectedOptions>();
  p->output_depth = Dim(*filter, 0);
  p->input_depth = Dim(*filter, 1);
  // TensorFlow Lite flattens the input to [elements / depth, depth]. Tensor validation capped
  // every element count at int32, so 32-bit division is exact here (and a Cortex-M divides it
  // in one instruction instead of calling libgcc).
  const auto input_elements = static_cast<int32_t>(ElementCount(*input));
  p->batches = input_elements / p->input_depth;
  if (input_elements % p->input_depth != 0 ||
      ElementCount(*output) != int64_t{p->batches} * p->output_depth) {
    return c.Fail(
        "tensors.shape", "input %s and output %s are not [batches x %d] and [batches x %d]",
        FormatShape(*input).text, FormatShape(*output).text, p->input_depth, p->output_depth);
  }
  if (!c.ExpectBias(bias, p->output_depth)) return false;
  if (!c.ExpectEnums(schema::Padding::VALID, options.activation())) return false;
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  if (!c.ExpectActivationRange(p->activation_min, p->activation_max)) return false;
  if (!c.ExpectRequant(options.requant(), p->output_depth, true)) return false;
  p->input_zero_point = ZeroPoint(*input);
  p->filter_zero_point = ZeroPoint(*filter);
  p->output_zero_point = ZeroPoint(*output);
  p->requant = RequantOf(*options.requant());
  return true;
}

bool LowerBatchMatmul(const OpChecker& c, kernels::BatchMatmulParams* p) {
  const schema::Tensor* lhs = c.Input(0);
  const schema::Tensor* rhs = c.Input(1);
  const schema::Tensor* output = &c.Output();
  const schema::BatchMatmulOptions& options = c.Options<schema::BatchMatmulOptions>();
  const int32_t lr = Rank(*lhs);
  const int32_t rr = Rank(*rhs);
  p->adj_x = options.adj_x();
  p->adj_y = options.adj_y();
  p->rows = Dim(*lhs, p->adj_x ? lr - 1 : lr - 2);
  p->accum_depth = Dim(*lhs, p->adj_x ? lr - 2 : lr - 1);
  p->cols = Dim(*rhs, p->adj_y ? rr - 2 : rr - 1);
  const int32_t rhs_depth = Dim(*rhs, p->adj_y ? rr - 1 : rr - 2);
  // Every factor is an int32 dimension and the product stops growing once it passes the int32
  // element cap an output can have, so the 64-bit products below cannot overflow.
  int64_t elements = int64_t{p->rows} * p->cols;
  bool fits = p->accum_depth == rhs_depth;
  for (int i = 0; i < 3; ++i) {  // leading batch dims, right-aligned to 3, 1 where absent
    p->lhs_batch[i] = Dim(*lhs, lr - 5 + i);
    p->rhs_batch[i] = Dim(*rhs, rr - 5 + i);
    const int32_t a = p->lhs_batch[i];
    const int32_t b = p->rhs_batch[i];
    fits = fits && (a == b || a == 1 || b == 1) && elements <= kMaxElementCount;
    if (fits) elements *= a > b ? a : b;
  }
  if (!fits || ElementCount(*output) != elements) {
    return c.Fail("tensors.shape", "lhs %s, rhs %s and output %s do not form a batch matmul",
                  FormatShape(*lhs).text, FormatShape(*rhs).text, FormatShape(*output).text);
  }
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  if (!c.ExpectActivationRange(p->activation_min, p->activation_max)) return false;
  if (!c.ExpectRequant(options.requant(), 1, true)) return false;
  p->lhs_zero_point = ZeroPoint(*lhs);
  p->rhs_zero_point = ZeroPoint(*rhs);
  p->output_zero_point = ZeroPoint(*output);
  p->output_multiplier = options.requant()->multiplier()->Get(0);
  p->output_shift = options.requant()->shift()->Get(0);
  return true;
}

bool LowerPool2d(const OpChecker& c, kernels::Pool2dParams* p) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  p->channels = Dim(*input, 3);
  if (!c.ExpectNhwcOutput(*input, *output, p->channels)) return false;
  const schema::Pool2dOptions& options = c.Options<schema::Pool2dOptions>();
  if (!c.ExpectEnums(options.padding(), options.activation())) return false;
  p->batches = Dim(*input, 0);
  p->input_h = Dim(*input, 1);
  p->input_w = Dim(*input, 2);
  p->filter_h = options.filter_h();
  p->filter_w = options.filter_w();
  p->output_h = Dim(*output, 1);
  p->output_w = Dim(*output, 2);
  p->stride_h = options.stride_h();
  p->stride_w = options.stride_w();
  p->pad_top = options.pad_top();
  p->pad_left = options.pad_left();
  if (!c.ExpectWindow({"h", p->input_h, p->output_h, p->filter_h, p->stride_h, 1, p->pad_top}))
    return false;
  if (!c.ExpectWindow({"w", p->input_w, p->output_w, p->filter_w, p->stride_w, 1, p->pad_left}))
    return false;
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  return c.ExpectActivationRange(p->activation_min, p->activation_max);
}

// The two inputs and the output (rank <= kMaxBroadcastRank: ExpectOperands), right-aligned into
// `shapes` (1-padded on the left), that broadcast as numpy does.
bool LowerBroadcast(const OpChecker& c, kernels::BroadcastShapes* shapes) {
  const schema::Tensor* operands[3] = {c.Input(0), c.Input(1), &c.Output()};
  int32_t* aligned[3] = {shapes->input1, shapes->input2, shapes->output};
  for (int k = 0; k < 3; ++k) {
    for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
      aligned[k][i] = Dim(*operands[k], Rank(*operands[k]) - kernels::kMaxBroadcastRank + i);
    }
  }
  for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
    const int32_t a = shapes->input1[i];
    const int32_t b = shapes->input2[i];
    if ((a != b && a != 1 && b != 1) || shapes->output[i] != (a > b ? a : b)) {
      return c.Fail("tensors.shape", "inputs %s and %s do not broadcast to output %s",
                    FormatShape(*operands[0]).text, FormatShape(*operands[1]).text,
                    FormatShape(*operands[2]).text);
    }
  }
  return true;
}

// Input offsets are the negated zero points; the output's is not negated (as TensorFlow Lite).
template <typename Params>
void FillBroadcastOffsets(const OpChecker& c, Params* p) {
  p->input1_offset = -ZeroPoint(*c.Input(0));
  p->input2_offset = -ZeroPoint(*c.Input(1));
  p->output_offset = ZeroPoint(c.Output());
}

bool LowerAdd(const OpChecker& c, kernels::AddParams* p) {
  if (!LowerBroadcast(c, &p->shapes)) return false;
  const schema::AddOptions& options = c.Options<schema::AddOptions>();
  if (!c.ExpectEnums(schema::Padding::VALID, options.activation())) return false;
  p->left_shift = options.left_shift();
  if (p->left_shift < 0 || p->left_shift > 30) {
    return c.Fail("operators.options.left_shift", "left_shift %d outside [0, 30]", p->left_shift);
  }
  p->input1_multiplier = options.input1_multiplier();
  p->input1_shift = options.input1_shift();
  p->input2_multiplier = options.input2_multiplier();
  p->input2_shift = options.input2_shift();
  p->output_multiplier = options.output_multiplier();
  p->output_shift = options.output_shift();
  if (!c.ExpectFixedPoint("operators.options.input1_multiplier", p->input1_multiplier,
                          p->input1_shift))
    return false;
  if (!c.ExpectFixedPoint("operators.options.input2_multiplier", p->input2_multiplier,
                          p->input2_shift))
    return false;
  if (!c.ExpectFixedPoint("operators.options.output_multiplier", p->output_multiplier,
                          p->output_shift))
    return false;
  FillBroadcastOffsets(c, p);
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  return c.ExpectActivationRange(p->activation_min, p->activation_max);
}

bool LowerMul(const OpChecker& c, kernels::MulParams* p) {
  if (!LowerBroadcast(c, &p->shapes)) return false;
  const schema::MulOptions& options = c.Options<schema::MulOptions>();
  if (!c.ExpectEnums(schema::Padding::VALID, options.activation())) return false;
  p->output_multiplier = options.output_multiplier();
  p->output_shift = options.output_shift();
  if (!c.ExpectFixedPoint("operators.options.output_multiplier", p->output_multiplier,
                          p->output_shift))
    return false;
  FillBroadcastOffsets(c, p);
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  return c.ExpectActivationRange(p->activation_min, p->activation_max);
}

bool SameShape(const schema::Tensor& a, const schema::Tensor& b) {
  if (Rank(a) != Rank(b)) return false;
  for (int32_t i = 0; i < Rank(a); ++i) {
    if (Dim(a, i) != Dim(b, i)) return false;
  }
  return true;
}

bool LowerSoftmax(const OpChecker& c, kernels::SoftmaxParams* p) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  if (!SameShape(*input, *output)) {
    return c.Fail("tensors.shape", "input %s and output %s differ", FormatShape(*input).text,
                  FormatShape(*output).text);
  }
  const schema::SoftmaxOptions& options = c.Options<schema::SoftmaxOptions>();
  p->input_multiplier = options.input_multiplier();
  p->input_left_shift = options.input_left_shift();
  p->diff_min = options.diff_min();
  if (p->input_multiplier < 0 || p->input_left_shift < 0 || p->input_left_shift > 31 ||
      p->diff_min > 0) {
    return c.Fail("operators.options.input_multiplier",
                  "input_multiplier %d must be >= 0, input_left_shift %d in [0, 31], diff_min %d "
                  "<= 0",
                  p->input_multiplier, p->input_left_shift, p->diff_min);
  }
  p->depth = LastDim(*input);
  p->outer_size = static_cast<int32_t>(ElementCount(*input)) / p->depth;
  return true;
}

bool LowerReshape(const OpChecker& c, kernels::ReshapeParams* p) {
  const schema::Tensor* input = c.Input(0);  // a second input (the shape) is not read
  const schema::Tensor& output = c.Output();
  if (input->type() != output.type() || input->bytes() != output.bytes()) {
    return c.Fail("tensors.bytes",
                  "input %s (%llu B) and output %s (%llu B) differ in size or type",
                  FormatShape(*input).text, static_cast<unsigned long long>(input->bytes()),
                  FormatShape(output).text, static_cast<unsigned long long>(output.bytes()));
  }
  p->bytes = static_cast<int32_t>(input->bytes());
  return true;
}

bool LowerPad(const OpChecker& c, kernels::PadParams* p) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor* output = &c.Output();
  const schema::PadOptions& options = c.Options<schema::PadOptions>();
  p->rank = Rank(*input);
  if (options.before() == nullptr || options.after() == nullptr ||
      options.before()->size() != static_cast<uint32_t>(p->rank) ||
      options.after()->size() != static_cast<uint32_t>(p->rank) || Rank(*output) != p->rank) {
    return c.Fail("operators.options.before",
                  "padding needs one (before, after) pair per dimension of input %s and output "
                  "of the same rank",
                  FormatShape(*input).text);
  }
  for (int32_t i = 0; i < p->rank; ++i) {
    const int64_t before = options.before()->Get(static_cast<flatbuffers::uoffset_t>(i));
    const int64_t after = options.after()->Get(static_cast<flatbuffers::uoffset_t>(i));
    p->input_shape[i] = Dim(*input, i);
    // Both non-negative and summing to an int32 dimension, so each fits int32.
    if (before < 0 || after < 0 || p->input_shape[i] + before + after != Dim(*output, i)) {
      return c.Fail("operators.options.before",
                    "dimension %d: input %d + before %lld + after %lld must be >= 0 padding and "
                    "equal output %d",
                    i, p->input_shape[i], static_cast<long long>(before),
                    static_cast<long long>(after), Dim(*output, i));
    }
    p->before[i] = static_cast<int32_t>(before);
    p->after[i] = static_cast<int32_t>(after);
  }
  p->pad_value = ZeroPoint(*output);
  return true;
}

bool LowerConcatenation(const OpChecker& c, kernels::ConcatenationParams* p) {
  const schema::Tensor* output = &c.Output();
  const int32_t rank = Rank(*output);
  const int32_t raw_axis = c.Options<schema::ConcatenationOptions>().axis();
  const int32_t axis = raw_axis < 0 ? raw_axis + rank : raw_axis;
  if (rank < 1 || axis < 0 || axis >= rank) {
    return c.Fail("operators.options.axis", "axis %d out of range for output %s", raw_axis,
                  FormatShape(*output).text);
  }
  p->num_inputs = c.input_count();
  int64_t axis_total = 0;
  for (int32_t k = 0; k < p->num_inputs; ++k) {
    const schema::Tensor* input = c.Input(k);
    bool agrees = Rank(*input) == rank;
    for (int32_t i = 0; agrees && i < rank; ++i)
      agrees = i == axis || Dim(*input, i) == Dim(*output, i);
    if (!agrees) {
      return c.Fail("tensors.shape", "input %d shape %s differs from output %s off axis %d", k,
                    FormatShape(*input).text, FormatShape(*output).text, axis);
    }
    p->input_axis_sizes[k] = Dim(*input, axis);
    axis_total += p->input_axis_sizes[k];
  }
  if (axis_total != Dim(*output, axis)) {
    return c.Fail("tensors.shape", "inputs add up to %lld along axis %d, output has %d",
                  static_cast<long long>(axis_total), axis, Dim(*output, axis));
  }
  p->outer_size = 1;
  p->inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) p->outer_size *= Dim(*output, i);
  for (int32_t i = axis + 1; i < rank; ++i) p->inner_size *= Dim(*output, i);
  return true;
}

bool LowerKnownOperator(const OpChecker& c, kernels::OpParams* params) {
  if (!c.ExpectOperands()) return false;
  switch (params->kind) {
    case OpKind::kConv2d:
      return LowerConv2d(c, &params->conv2d);
    case OpKind::kDepthwiseConv2d:
      return LowerDepthwiseConv2d(c, &params->depthwise_conv2d);
    case OpKind::kFullyConnected:
      return LowerFullyConnected(c, &params->fully_connected);
    case OpKind::kBatchMatmul:
      return LowerBatchMatmul(c, &params->batch_matmul);
    case OpKind::kTransposeConv2d:
      return LowerTransposeConv2d(c, &params->transpose_conv2d);
    case OpKind::kAveragePool2d:
    case OpKind::kMaxPool2d:
      return LowerPool2d(c, &params->pool2d);
    case OpKind::kAdd:
      return LowerAdd(c, &params->add);
    case OpKind::kMul:
      return LowerMul(c, &params->mul);
    case OpKind::kSoftmax:
      return LowerSoftmax(c, &params->softmax);
    case OpKind::kReshape:
      return LowerReshape(c, &params->reshape);
    case OpKind::kPad:
      return LowerPad(c, &params->pad);
    case OpKind::kConcatenation:
      return LowerConcatenation(c, &params->concatenation);
  }
  return c.Fail("operators.kind", "unknown operator kind");
}

Status Lower(const schema::Artifact& artifact, int32_t op_index, bool validated,
             kernels::OpParams* params) {
  // Zero every byte (union tail and padding included) so params compare equal byte for byte.
  __builtin_memset(params, 0, sizeof(*params));
  Status status;
  const OpChecker c(artifact, op_index, &status, validated);
  params->kind = c.kind();
  if (c.ExpectOptionsType()) LowerKnownOperator(c, params);
  return status;
}

}  // namespace

Status BuildOpParams(const schema::Artifact& artifact, int32_t op_index,
                     kernels::OpParams* params) {
  return Lower(artifact, op_index, /*validated=*/false, params);
}

Status BuildOpParams(const ArtifactView& view, int32_t op_index, kernels::OpParams* params) {
  ARENASTORE_CHECK_OR_RETURN(op_index >= 0 && op_index < view.operator_count(),
                             ErrorCode::kInvalidArgument, "op index %d out of range (%d operators)",
                             op_index, view.operator_count());
  ARENASTORE_CHECK_OR_RETURN(view.IsKnownOpKind(op_index), ErrorCode::kKernelUnsupported,
                             "operators[%d]: unknown operator kind %u", op_index,
                             static_cast<unsigned>(view.op(op_index).kind()));
  return Lower(view.artifact(), op_index, /*validated=*/true, params);
}

}  // namespace arenastore::runtime
