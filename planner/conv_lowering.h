// Lowering helpers the filter-window units share (ops/conv2d, ops/depthwise_conv2d): what only
// the host computes for a window (scales, SAME/VALID padding, the activation clamp, per-channel
// requantization); the runtime's lowering fills and checks the rest from the written options.
// Used only by those units' *_planner.cc. Host-only; errors as planner/lowering.h.
#pragma once

#include <cstdint>
#include <vector>

#include "planner/lowering.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {

// What the host's arithmetic needs before it runs: the scales it divides by and the zero points
// it clamps with, shapes it may index (input and filter rank 4) and strides and dilations it
// divides by. Types and every other shape rule are the runtime's lowering's.
template <typename Attributes>
Status ExpectFilterWindowOperands(const Lowering& l, const Attributes& a) {
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(l.Input(0), "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(l.Output(), "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(l.Input(0), 4, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(l.Input(1), 4, "filter"));
  if (a.stride_h < 1 || a.stride_w < 1 || a.dilation_h < 1 || a.dilation_w < 1) {
    return l.Fail("strides and dilations must be >= 1");
  }
  return Status::Ok();
}

// The output's rows and columns must be those SAME/VALID give: the runtime sees only the
// explicit pads written, which a shorter output would also fit. Its rank and the other
// dimensions are the runtime's to check.
inline Status ExpectWindowOutput(const Lowering& l, int32_t output_h, int32_t output_w) {
  const Tensor& output = l.Output();
  if (output.shape.size() != 4) return Status::Ok();
  return l.ExpectShape(output, {output.shape[0], output_h, output_w, output.shape[3]}, "output");
}

// The fields of a window's options struct only the lowering derives (the pads and the clamp),
// recorded from its params so the artifact writes what the kernels run.
template <typename Options, typename Window>
void RecordLoweredWindow(const Window& w, Options* o) {
  o->pad_top = w.pad_top;
  o->pad_left = w.pad_left;
  o->activation_min = w.activation_min;
  o->activation_max = w.activation_max;
}

// Completes a filter window's params (input [n,h,w,c], filter [.,kh,kw,.]) from its options
// struct `o` (the op's attributes): strides, dilations, padding (TFLite's SAME/VALID rules), the
// fused activation's clamp (inside the output's type), and per-channel requantization over
// `output_c` channels; then records the derived fields in `o`. A bias must be a constant: the
// artifact carries its values.
template <typename Window, typename Options>
Status FinishFilterWindow(const Lowering& l, Options* o, Window* w, int32_t output_c,
                          std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts) {
  const Options& a = *o;
  const Tensor& input = l.Input(0);
  const Tensor& filter = l.Input(1);
  const Tensor& output = l.Output();
  w->stride_h = a.stride_h;
  w->stride_w = a.stride_w;
  w->dilation_h = a.dilation_h;
  w->dilation_w = a.dilation_w;
  const int32_t output_h =
      ConvOutputSize(a.padding, input.shape[1], filter.shape[1], a.stride_h, a.dilation_h);
  const int32_t output_w =
      ConvOutputSize(a.padding, input.shape[2], filter.shape[2], a.stride_w, a.dilation_w);
  ARENASTORE_RETURN_IF_ERROR(ExpectWindowOutput(l, output_h, output_w));
  w->pad_top =
      ConvPaddingBefore(input.shape[1], filter.shape[1], a.stride_h, a.dilation_h, output_h);
  w->pad_left =
      ConvPaddingBefore(input.shape[2], filter.shape[2], a.stride_w, a.dilation_w, output_w);
  const ActivationRange range =
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point(), output.type);
  w->activation_min = range.min;
  w->activation_max = range.max;
  RecordLoweredWindow(*w, o);
  if (l.HasInput(2) && !l.Input(2).is_constant) {
    return l.Fail("bias '{}' must be a constant", l.Input(2).name);
  }
  return l.Requantize(input, filter, output, output_c, multipliers, shifts);
}

}  // namespace arenastore::planner
