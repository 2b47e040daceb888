#include "planner/lower_op.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace {

using kernels::OpKind;

class Lowering {
 public:
  Lowering(const Graph& graph, size_t op_index)
      : graph_(graph), op_(graph.ops[op_index]), op_index_(op_index) {}

  template <typename... Args>
  Status Fail(fmt::format_string<Args...> format, Args&&... args) const {
    const std::string text = fmt::format(format, std::forward<Args>(args)...);
    return Status::Error(ErrorCode::kPlanInvalidGraph, "op %zu (%s%s%s): %s", op_index_,
                         kernels::OpKindName(op_.kind), op_.name.empty() ? "" : " ",
                         op_.name.c_str(), text.c_str())
        .WithOp(static_cast<int32_t>(op_index_));
  }

  const Tensor& Input(size_t k) const { return graph_.tensors[op_.inputs[k]]; }
  const Tensor& Output() const { return graph_.tensors[op_.outputs[0]]; }
  bool HasInput(size_t k) const { return k < op_.inputs.size() && op_.inputs[k] >= 0; }

  Status ExpectRank(const Tensor& tensor, size_t rank, const char* role) const {
    if (tensor.shape.size() != rank) {
      return Fail("{} '{}' has rank {}, expected {}", role, tensor.name, tensor.shape.size(), rank);
    }
    return Status::Ok();
  }

  Status ExpectType(const Tensor& tensor, DataType type, const char* role) const {
    if (tensor.type != type) {
      return Fail("{} '{}' is {}, expected {}", role, tensor.name, DataTypeName(tensor.type),
                  DataTypeName(type));
    }
    return Status::Ok();
  }

  Status ExpectScale(const Tensor& tensor, const char* role) const {
    const auto& scales = tensor.quantization.scales;
    if (scales.empty()) return Fail("{} '{}' has no quantization scale", role, tensor.name);
    for (float scale : scales) {
      if (!(scale > 0.0f) || !std::isfinite(scale)) {
        return Fail("{} '{}' has scale {}, expected a positive finite number", role, tensor.name,
                    scale);
      }
    }
    return Status::Ok();
  }

  // Activation input/output: int8 with a per-tensor scale and a zero point in int8 range.
  Status ExpectActivation(const Tensor& tensor, const char* role) const {
    ARENASTORE_RETURN_IF_ERROR(ExpectType(tensor, DataType::kInt8, role));
    ARENASTORE_RETURN_IF_ERROR(ExpectScale(tensor, role));
    const int32_t zero_point = tensor.zero_point();
    if (zero_point < -128 || zero_point > 127) {
      return Fail("{} '{}' has zero point {}, outside int8", role, tensor.name, zero_point);
    }
    return Status::Ok();
  }

  Status ExpectShape(const Tensor& tensor, const std::vector<int32_t>& expected,
                     const char* role) const {
    if (tensor.shape != expected) {
      return Fail("{} '{}' has shape [{}], expected [{}]", role, tensor.name,
                  fmt::join(tensor.shape, ","), fmt::join(expected, ","));
    }
    return Status::Ok();
  }

  // Per-channel requantization for conv-like ops: input_scale * filter_scale[c] / output_scale.
  Status Requantize(const Tensor& input, const Tensor& filter, const Tensor& output,
                    int32_t channels, std::vector<int32_t>* multipliers,
                    std::vector<int32_t>* shifts) const {
    ARENASTORE_RETURN_IF_ERROR(ExpectScale(filter, "filter"));
    const auto& filter_scales = filter.quantization.scales;
    if (filter_scales.size() != 1 && filter_scales.size() != static_cast<size_t>(channels)) {
      return Fail("filter '{}' has {} scales, expected 1 or {}", filter.name, filter_scales.size(),
                  channels);
    }
    multipliers->clear();
    shifts->clear();
    for (int32_t c = 0; c < channels; ++c) {
      const float filter_scale = filter_scales.size() == 1 ? filter_scales[0] : filter_scales[c];
      const double real = static_cast<double>(input.scale()) * static_cast<double>(filter_scale) /
                          static_cast<double>(output.scale());
      const FixedPointMultiplier fixed = QuantizeMultiplier(real);
      multipliers->push_back(fixed.multiplier);
      shifts->push_back(fixed.shift);
    }
    return Status::Ok();
  }

  Status ExpectBias(size_t k, int32_t channels) const {
    if (!HasInput(k)) return Status::Ok();
    const Tensor& bias = Input(k);
    ARENASTORE_RETURN_IF_ERROR(ExpectType(bias, DataType::kInt32, "bias"));
    if (bias.element_count() != channels) {
      return Fail("bias '{}' has {} elements, expected {}", bias.name, bias.element_count(),
                  channels);
    }
    if (!bias.is_constant) return Fail("bias '{}' must be a constant", bias.name);
    return Status::Ok();
  }

  template <typename Attributes>
  Result<Attributes> AttributesAs() const {
    const Attributes* attributes = std::get_if<Attributes>(&op_.attributes);
    if (attributes == nullptr) return Fail("attributes do not match the operator kind");
    return *attributes;
  }

  const Op& op() const { return op_; }

 private:
  const Graph& graph_;
  const Op& op_;
  size_t op_index_;
};

// What conv2d and depthwise_conv2d share: int8 NHWC input and output, a rank-4 int8 filter,
// strides and dilations of at least one.
template <typename Attributes>
Status ExpectFilterWindowOperands(const Lowering& l, const Attributes& a) {
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(l.Input(0), "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(l.Output(), "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(l.Input(1), DataType::kInt8, "filter"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(l.Input(0), 4, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(l.Input(1), 4, "filter"));
  if (a.stride_h < 1 || a.stride_w < 1 || a.dilation_h < 1 || a.dilation_w < 1) {
    return l.Fail("strides and dilations must be >= 1");
  }
  return Status::Ok();
}

// Completes a filter window's parameters once the op has set its input, filter and output
// channel dimensions: output size and padding (TFLite's SAME/VALID rules), zero points, the
// fused activation's clamp, the bias check and per-channel requantization.
template <typename Window, typename Attributes>
Status FinishFilterWindow(const Lowering& l, const Attributes& a, Window* w,
                          std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  w->stride_h = a.stride_h;
  w->stride_w = a.stride_w;
  w->dilation_h = a.dilation_h;
  w->dilation_w = a.dilation_w;
  w->output_h = ConvOutputSize(a.padding, w->input_h, w->filter_h, w->stride_h, w->dilation_h);
  w->output_w = ConvOutputSize(a.padding, w->input_w, w->filter_w, w->stride_w, w->dilation_w);
  ARENASTORE_RETURN_IF_ERROR(
      l.ExpectShape(output, {w->batches, w->output_h, w->output_w, w->output_c}, "output"));
  w->pad_top = ConvPaddingBefore(w->input_h, w->filter_h, w->stride_h, w->dilation_h, w->output_h);
  w->pad_left = ConvPaddingBefore(w->input_w, w->filter_w, w->stride_w, w->dilation_w, w->output_w);
  w->input_zero_point = input.zero_point();
  w->output_zero_point = output.zero_point();
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point());
  w->activation_min = range.min;
  w->activation_max = range.max;
  ARENASTORE_RETURN_IF_ERROR(l.ExpectBias(2, w->output_c));
  return l.Requantize(input, l.Input(1), output, w->output_c, multipliers, shifts);
}

Status LowerConv2d(const Lowering& l, kernels::OpParams* p, std::vector<int32_t>* multipliers,
                   std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const Conv2dAttributes a, l.AttributesAs<Conv2dAttributes>());
  ARENASTORE_RETURN_IF_ERROR(ExpectFilterWindowOperands(l, a));
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  auto& c = p->conv2d;
  c.batches = input.shape[0];
  c.input_h = input.shape[1];
  c.input_w = input.shape[2];
  c.input_c = input.shape[3];
  c.output_c = filter.shape[0];
  c.filter_h = filter.shape[1];
  c.filter_w = filter.shape[2];
  if (c.input_c % filter.shape[3] != 0) {
    return l.Fail("input channels {} are not a multiple of the filter's {}", c.input_c,
                  filter.shape[3]);
  }
  c.groups = c.input_c / filter.shape[3];
  if (c.output_c % c.groups != 0) {
    return l.Fail("output channels {} are not a multiple of {} groups", c.output_c, c.groups);
  }
  return FinishFilterWindow(l, a, &c, multipliers, shifts);
}

Status LowerDepthwiseConv2d(const Lowering& l, kernels::OpParams* p,
                            std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const DepthwiseConv2dAttributes a,
                              l.AttributesAs<DepthwiseConv2dAttributes>());
  ARENASTORE_RETURN_IF_ERROR(ExpectFilterWindowOperands(l, a));
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  auto& d = p->depthwise_conv2d;
  d.batches = input.shape[0];
  d.input_h = input.shape[1];
  d.input_w = input.shape[2];
  d.input_c = input.shape[3];
  d.filter_h = filter.shape[1];
  d.filter_w = filter.shape[2];
  d.output_c = filter.shape[3];
  if (filter.shape[0] != 1 || d.output_c % d.input_c != 0) {
    return l.Fail("filter '{}' shape [{}] is not [1, h, w, k*{}]", filter.name,
                  fmt::join(filter.shape, ","), d.input_c);
  }
  d.depth_multiplier = d.output_c / d.input_c;
  return FinishFilterWindow(l, a, &d, multipliers, shifts);
}

Status LowerFullyConnected(const Lowering& l, kernels::OpParams* p,
                           std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const FullyConnectedAttributes a,
                              l.AttributesAs<FullyConnectedAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(filter, DataType::kInt8, "filter"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(filter, 2, "filter"));
  auto& f = p->fully_connected;
  f.output_depth = filter.shape[0];
  f.input_depth = filter.shape[1];
  if (input.element_count() % f.input_depth != 0) {
    return l.Fail("input '{}' has {} elements, not a multiple of depth {}", input.name,
                  input.element_count(), f.input_depth);
  }
  f.batches = static_cast<int32_t>(input.element_count() / f.input_depth);
  if (output.element_count() != static_cast<int64_t>(f.batches) * f.output_depth) {
    return l.Fail("output '{}' has {} elements, expected {} x {}", output.name,
                  output.element_count(), f.batches, f.output_depth);
  }
  f.input_zero_point = input.zero_point();
  f.filter_zero_point = filter.zero_point();
  f.output_zero_point = output.zero_point();
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point());
  f.activation_min = range.min;
  f.activation_max = range.max;
  ARENASTORE_RETURN_IF_ERROR(l.ExpectBias(2, f.output_depth));
  const int32_t channels =
      filter.quantization.scales.size() > 1 ? f.output_depth : 1;  // per-channel when given
  return l.Requantize(input, filter, output, channels, multipliers, shifts);
}

Status LowerBatchMatmul(const Lowering& l, kernels::OpParams* p, std::vector<int32_t>* multipliers,
                        std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const BatchMatmulAttributes a,
                              l.AttributesAs<BatchMatmulAttributes>());
  const Tensor& lhs = l.Input(0);
  const Tensor& rhs = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(lhs, "lhs"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(rhs, "rhs"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  if (lhs.shape.size() < 2 || lhs.shape.size() > 5 || rhs.shape.size() < 2 ||
      rhs.shape.size() > 5) {
    return l.Fail("lhs and rhs must have rank 2 to 5");
  }
  auto& b = p->batch_matmul;
  b.adj_x = a.adj_x;
  b.adj_y = a.adj_y;
  const size_t lr = lhs.shape.size();
  const size_t rr = rhs.shape.size();
  b.rows = a.adj_x ? lhs.shape[lr - 1] : lhs.shape[lr - 2];
  b.accum_depth = a.adj_x ? lhs.shape[lr - 2] : lhs.shape[lr - 1];
  const int32_t rhs_accum = a.adj_y ? rhs.shape[rr - 1] : rhs.shape[rr - 2];
  b.cols = a.adj_y ? rhs.shape[rr - 2] : rhs.shape[rr - 1];
  if (rhs_accum != b.accum_depth) {
    return l.Fail("lhs depth {} differs from rhs depth {}", b.accum_depth, rhs_accum);
  }
  for (int i = 0; i < 3; ++i) {  // leading batch dims, right-aligned to 3
    const int lhs_dim = static_cast<int>(lr) - 2 - 3 + i;
    const int rhs_dim = static_cast<int>(rr) - 2 - 3 + i;
    b.lhs_batch[i] = lhs_dim >= 0 ? lhs.shape[lhs_dim] : 1;
    b.rhs_batch[i] = rhs_dim >= 0 ? rhs.shape[rhs_dim] : 1;
    if (b.lhs_batch[i] != b.rhs_batch[i] && b.lhs_batch[i] != 1 && b.rhs_batch[i] != 1) {
      return l.Fail("batch dims {} and {} do not broadcast", b.lhs_batch[i], b.rhs_batch[i]);
    }
  }
  int64_t batches = 1;
  for (int i = 0; i < 3; ++i) batches *= std::max(b.lhs_batch[i], b.rhs_batch[i]);
  if (output.element_count() != batches * b.rows * b.cols) {
    return l.Fail("output '{}' has {} elements, expected {}", output.name, output.element_count(),
                  batches * b.rows * b.cols);
  }
  b.lhs_zero_point = lhs.zero_point();
  b.rhs_zero_point = rhs.zero_point();
  b.output_zero_point = output.zero_point();
  b.activation_min = -128;
  b.activation_max = 127;
  const FixedPointMultiplier fixed =
      QuantizeMultiplier(static_cast<double>(lhs.scale()) * static_cast<double>(rhs.scale()) /
                         static_cast<double>(output.scale()));
  b.output_multiplier = fixed.multiplier;
  b.output_shift = fixed.shift;
  multipliers->assign(1, fixed.multiplier);
  shifts->assign(1, fixed.shift);
  return Status::Ok();
}

Status LowerTransposeConv2d(const Lowering& l, kernels::OpParams* p,
                            std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const TransposeConv2dAttributes a,
                              l.AttributesAs<TransposeConv2dAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectType(filter, DataType::kInt8, "filter"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(input, 4, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(filter, 4, "filter"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(output, 4, "output"));
  if (a.stride_h < 1 || a.stride_w < 1) return l.Fail("strides must be >= 1");
  auto& t = p->transpose_conv2d;
  t.batches = input.shape[0];
  t.input_h = input.shape[1];
  t.input_w = input.shape[2];
  t.input_c = input.shape[3];
  t.output_c = filter.shape[0];
  t.filter_h = filter.shape[1];
  t.filter_w = filter.shape[2];
  if (filter.shape[3] != t.input_c) {
    return l.Fail("filter '{}' has {} input channels, input has {}", filter.name, filter.shape[3],
                  t.input_c);
  }
  if (output.shape[0] != t.batches || output.shape[3] != t.output_c) {
    return l.Fail("output '{}' shape [{}] does not match batches {} and channels {}", output.name,
                  fmt::join(output.shape, ","), t.batches, t.output_c);
  }
  t.output_h = output.shape[1];
  t.output_w = output.shape[2];
  t.stride_h = a.stride_h;
  t.stride_w = a.stride_w;
  // TensorFlow Lite pads a transposed convolution as the convolution it inverts.
  const int32_t conv_h = ConvOutputSize(a.padding, t.output_h, t.filter_h, t.stride_h, 1);
  const int32_t conv_w = ConvOutputSize(a.padding, t.output_w, t.filter_w, t.stride_w, 1);
  t.pad_top = ConvPaddingBefore(t.output_h, t.filter_h, t.stride_h, 1, conv_h);
  t.pad_left = ConvPaddingBefore(t.output_w, t.filter_w, t.stride_w, 1, conv_w);
  t.input_zero_point = input.zero_point();
  t.output_zero_point = output.zero_point();
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point());
  t.activation_min = range.min;
  t.activation_max = range.max;
  ARENASTORE_RETURN_IF_ERROR(l.ExpectBias(2, t.output_c));
  return l.Requantize(input, filter, output, t.output_c, multipliers, shifts);
}

Status LowerPool2d(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const Pool2dAttributes a, l.AttributesAs<Pool2dAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(input, 4, "input"));
  if (a.stride_h < 1 || a.stride_w < 1 || a.filter_h < 1 || a.filter_w < 1) {
    return l.Fail("filter sizes and strides must be >= 1");
  }
  auto& q = p->pool2d;
  q.batches = input.shape[0];
  q.input_h = input.shape[1];
  q.input_w = input.shape[2];
  q.channels = input.shape[3];
  q.filter_h = a.filter_h;
  q.filter_w = a.filter_w;
  q.stride_h = a.stride_h;
  q.stride_w = a.stride_w;
  q.output_h = ConvOutputSize(a.padding, q.input_h, q.filter_h, q.stride_h, 1);
  q.output_w = ConvOutputSize(a.padding, q.input_w, q.filter_w, q.stride_w, 1);
  ARENASTORE_RETURN_IF_ERROR(
      l.ExpectShape(output, {q.batches, q.output_h, q.output_w, q.channels}, "output"));
  q.pad_top = ConvPaddingBefore(q.input_h, q.filter_h, q.stride_h, 1, q.output_h);
  q.pad_left = ConvPaddingBefore(q.input_w, q.filter_w, q.stride_w, 1, q.output_w);
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point());
  q.activation_min = range.min;
  q.activation_max = range.max;
  return Status::Ok();
}

Status BroadcastShapesOf(const Lowering& l, kernels::BroadcastShapes* shapes) {
  const Tensor* operands[3] = {&l.Input(0), &l.Input(1), &l.Output()};
  int32_t* targets[3] = {shapes->input1, shapes->input2, shapes->output};
  for (int k = 0; k < 3; ++k) {
    const auto& shape = operands[k]->shape;
    if (shape.size() > static_cast<size_t>(kernels::kMaxBroadcastRank)) {
      return l.Fail("'{}' has rank {}, at most {} supported", operands[k]->name, shape.size(),
                    kernels::kMaxBroadcastRank);
    }
    const size_t pad = kernels::kMaxBroadcastRank - shape.size();
    for (size_t i = 0; i < static_cast<size_t>(kernels::kMaxBroadcastRank); ++i) {
      targets[k][i] = i < pad ? 1 : shape[i - pad];
    }
  }
  for (int i = 0; i < kernels::kMaxBroadcastRank; ++i) {
    const int32_t a = shapes->input1[i];
    const int32_t b = shapes->input2[i];
    const int32_t expected = std::max(a, b);
    if ((a != b && a != 1 && b != 1) || shapes->output[i] != expected) {
      return l.Fail("inputs [{}] and [{}] do not broadcast to output [{}]",
                    fmt::join(l.Input(0).shape, ","), fmt::join(l.Input(1).shape, ","),
                    fmt::join(l.Output().shape, ","));
    }
  }
  return Status::Ok();
}

Status LowerAdd(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const ElementwiseAttributes a,
                              l.AttributesAs<ElementwiseAttributes>());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(in1, "input1"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(in2, "input2"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  auto& s = p->add;
  ARENASTORE_RETURN_IF_ERROR(BroadcastShapesOf(l, &s.shapes));
  s.input1_offset = -in1.zero_point();
  s.input2_offset = -in2.zero_point();
  s.output_offset = output.zero_point();
  s.left_shift = 20;
  const double twice_max_input_scale =
      2.0 * static_cast<double>(std::max(in1.scale(), in2.scale()));
  const FixedPointMultiplier m1 =
      QuantizeMultiplier(static_cast<double>(in1.scale()) / twice_max_input_scale);
  const FixedPointMultiplier m2 =
      QuantizeMultiplier(static_cast<double>(in2.scale()) / twice_max_input_scale);
  const FixedPointMultiplier mo = QuantizeMultiplier(
      twice_max_input_scale / ((1 << s.left_shift) * static_cast<double>(output.scale())));
  s.input1_multiplier = m1.multiplier;
  s.input1_shift = m1.shift;
  s.input2_multiplier = m2.multiplier;
  s.input2_shift = m2.shift;
  s.output_multiplier = mo.multiplier;
  s.output_shift = mo.shift;
  if (s.input1_shift > 0 || s.input2_shift > 0 || s.output_shift > 0) {
    return l.Fail("scales give a multiplier above 1 (input scales {} and {}, output {})",
                  in1.scale(), in2.scale(), output.scale());
  }
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point());
  s.activation_min = range.min;
  s.activation_max = range.max;
  return Status::Ok();
}

Status LowerMul(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const ElementwiseAttributes a,
                              l.AttributesAs<ElementwiseAttributes>());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(in1, "input1"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(in2, "input2"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  auto& m = p->mul;
  ARENASTORE_RETURN_IF_ERROR(BroadcastShapesOf(l, &m.shapes));
  m.input1_offset = -in1.zero_point();
  m.input2_offset = -in2.zero_point();
  m.output_offset = output.zero_point();
  const FixedPointMultiplier fixed =
      QuantizeMultiplier(static_cast<double>(in1.scale()) * static_cast<double>(in2.scale()) /
                         static_cast<double>(output.scale()));
  m.output_multiplier = fixed.multiplier;
  m.output_shift = fixed.shift;
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point());
  m.activation_min = range.min;
  m.activation_max = range.max;
  return Status::Ok();
}

Status LowerSoftmax(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const SoftmaxAttributes a, l.AttributesAs<SoftmaxAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  if (input.shape.empty() || input.shape != output.shape) {
    return l.Fail("input and output must have the same non-empty shape");
  }
  if (output.zero_point() != -128 || std::fabs(output.scale() - 1.0f / 256.0f) > 1e-8f) {
    return l.Fail("int8 softmax needs output scale 1/256 and zero point -128, got {} and {}",
                  output.scale(), output.zero_point());
  }
  auto& s = p->softmax;
  s.depth = input.shape.back();
  s.outer_size = static_cast<int32_t>(input.element_count() / s.depth);
  const SoftmaxScaling scaling = ComputeSoftmaxScaling(a.beta, input.scale());
  if (scaling.input_left_shift < 0 || scaling.input_left_shift > 30) {
    return l.Fail("beta {} times input scale {} is outside what int8 softmax can represent", a.beta,
                  input.scale());
  }
  s.input_multiplier = scaling.input_multiplier;
  s.input_left_shift = scaling.input_left_shift;
  s.diff_min = scaling.diff_min;
  return Status::Ok();
}

Status LowerReshape(const Lowering& l, kernels::OpParams* p) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  if (input.bytes() != output.bytes() || input.type != output.type) {
    return l.Fail("input '{}' ({} B) and output '{}' ({} B) differ in size or type", input.name,
                  input.bytes(), output.name, output.bytes());
  }
  p->reshape.bytes = static_cast<int32_t>(input.bytes());
  return Status::Ok();
}

Status LowerPad(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const PadAttributes a, l.AttributesAs<PadAttributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  const size_t rank = input.shape.size();
  if (rank == 0 || rank > static_cast<size_t>(kernels::kMaxPadRank) || a.before.size() != rank ||
      a.after.size() != rank) {
    return l.Fail("padding needs one (before, after) pair per input dimension, rank <= {}",
                  kernels::kMaxPadRank);
  }
  auto& d = p->pad;
  d.rank = static_cast<int32_t>(rank);
  std::vector<int32_t> expected(rank);
  for (size_t i = 0; i < rank; ++i) {
    if (a.before[i] < 0 || a.after[i] < 0) return l.Fail("negative padding is not supported");
    d.input_shape[i] = input.shape[i];
    d.before[i] = a.before[i];
    d.after[i] = a.after[i];
    expected[i] = input.shape[i] + a.before[i] + a.after[i];
  }
  ARENASTORE_RETURN_IF_ERROR(l.ExpectShape(output, expected, "output"));
  d.pad_value = output.zero_point();
  return Status::Ok();
}

Status LowerConcatenation(const Lowering& l, kernels::OpParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const ConcatenationAttributes a,
                              l.AttributesAs<ConcatenationAttributes>());
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  const int32_t rank = static_cast<int32_t>(output.shape.size());
  const int32_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (axis < 0 || axis >= rank) return l.Fail("axis {} out of range for rank {}", a.axis, rank);
  auto& c = p->concatenation;
  c.num_inputs = static_cast<int32_t>(l.op().inputs.size());
  c.outer_size = 1;
  c.inner_size = 1;
  for (int32_t i = 0; i < axis; ++i) c.outer_size *= output.shape[i];
  for (int32_t i = axis + 1; i < rank; ++i) c.inner_size *= output.shape[i];
  int32_t axis_total = 0;
  for (int32_t k = 0; k < c.num_inputs; ++k) {
    const Tensor& input = l.Input(k);
    ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
    if (input.shape.size() != output.shape.size()) {
      return l.Fail("input '{}' has rank {}, output {}", input.name, input.shape.size(), rank);
    }
    for (int32_t i = 0; i < rank; ++i) {
      if (i != axis && input.shape[i] != output.shape[i]) {
        return l.Fail("input '{}' shape [{}] differs from output [{}] off the axis", input.name,
                      fmt::join(input.shape, ","), fmt::join(output.shape, ","));
      }
    }
    if (input.scale() != output.scale() || input.zero_point() != output.zero_point()) {
      return l.Fail(
          "input '{}' is quantized differently from the output; int8 concatenation "
          "needs equal scales and zero points",
          input.name);
    }
    c.input_axis_sizes[k] = input.shape[axis];
    axis_total += input.shape[axis];
  }
  if (axis_total != output.shape[axis]) {
    return l.Fail("inputs add up to {} along axis {}, output has {}", axis_total, axis,
                  output.shape[axis]);
  }
  return Status::Ok();
}

}  // namespace

kernels::OpParams LoweredOp::Params() const {
  kernels::OpParams params = params_;
  kernels::Requantization requant{multipliers_.data(), shifts_.data(),
                                  static_cast<int32_t>(multipliers_.size())};
  switch (params.kind) {
    case OpKind::kConv2d:
      params.conv2d.requant = requant;
      break;
    case OpKind::kDepthwiseConv2d:
      params.depthwise_conv2d.requant = requant;
      break;
    case OpKind::kFullyConnected:
      params.fully_connected.requant = requant;
      break;
    case OpKind::kTransposeConv2d:
      params.transpose_conv2d.requant = requant;
      break;
    default:
      break;
  }
  return params;
}

Result<LoweredOp> LowerOp(const Graph& graph, size_t op_index) {
  const Lowering lowering(graph, op_index);
  LoweredOp lowered;
  kernels::OpParams& p = lowered.params_;
  p.kind = graph.ops[op_index].kind;
  Status status;
  switch (p.kind) {
    case OpKind::kConv2d:
      status = LowerConv2d(lowering, &p, &lowered.multipliers_, &lowered.shifts_);
      break;
    case OpKind::kDepthwiseConv2d:
      status = LowerDepthwiseConv2d(lowering, &p, &lowered.multipliers_, &lowered.shifts_);
      break;
    case OpKind::kFullyConnected:
      status = LowerFullyConnected(lowering, &p, &lowered.multipliers_, &lowered.shifts_);
      break;
    case OpKind::kBatchMatmul:
      status = LowerBatchMatmul(lowering, &p, &lowered.multipliers_, &lowered.shifts_);
      break;
    case OpKind::kTransposeConv2d:
      status = LowerTransposeConv2d(lowering, &p, &lowered.multipliers_, &lowered.shifts_);
      break;
    case OpKind::kAveragePool2d:
    case OpKind::kMaxPool2d:
      status = LowerPool2d(lowering, &p);
      break;
    case OpKind::kAdd:
      status = LowerAdd(lowering, &p);
      break;
    case OpKind::kMul:
      status = LowerMul(lowering, &p);
      break;
    case OpKind::kSoftmax:
      status = LowerSoftmax(lowering, &p);
      break;
    case OpKind::kReshape:
      status = LowerReshape(lowering, &p);
      break;
    case OpKind::kPad:
      status = LowerPad(lowering, &p);
      break;
    case OpKind::kConcatenation:
      status = LowerConcatenation(lowering, &p);
      break;
    default:
      return lowering.Fail("unknown operator kind");
  }
  ARENASTORE_RETURN_IF_ERROR(status);
  return lowered;
}

}  // namespace arenastore::planner
