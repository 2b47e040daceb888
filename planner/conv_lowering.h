// Lowering helpers the filter-window units share (ops/conv2d, ops/depthwise_conv2d): their
// common operand checks, and the completion of a window's params once the op has set its
// input, filter and output channel dimensions. Used only by those units' *_planner.cc.
// Host-only; errors as planner/lowering.h.
#pragma once

#include <cstdint>
#include <vector>

#include "planner/lowering.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {

// What conv2d and depthwise_conv2d share: int8 NHWC input and output, or int16 ones with zero
// point 0 (16x8), a rank-4 int8 filter, strides and dilations of at least one.
template <typename Attributes>
Status ExpectFilterWindowOperands(const Lowering& l, const Attributes& a) {
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(l.Input(0), "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(l.Input(0), l.Output(), "output"));
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(l.Output(), "output"));
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
// fused activation's clamp (inside the output's type), the bias check (`bias_type`: int32, or
// int64 for a 16x8 op that takes it) and per-channel requantization.
template <typename Window, typename Attributes>
Status FinishFilterWindow(const Lowering& l, const Attributes& a, Window* w,
                          std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts,
                          DataType bias_type) {
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
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point(), output.type);
  w->activation_min = range.min;
  w->activation_max = range.max;
  ARENASTORE_RETURN_IF_ERROR(l.ExpectBias(2, w->output_c, bias_type));
  return l.Requantize(input, l.Input(1), output, w->output_c, multipliers, shifts);
}

}  // namespace arenastore::planner
