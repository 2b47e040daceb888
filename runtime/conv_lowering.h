// Lowering helpers the convolution units share (ops/conv2d, depthwise_conv2d, transpose_conv2d,
// fully_connected, and batch_matmul's 16x8 checks): the NHWC operands, the requantization
// table's view, the sliding-window options conv2d and depthwise_conv2d have in common, read and
// checked once so one copy of the checks serves both, and the operand rules and checks of their
// 16x8 form (int16 activations, int8 weights, an int32 or int64 bias). Used only by those units'
// *_runtime.cc. Freestanding, never allocates.
#pragma once

#include <cstdint>

#include "kernels/op_params.h"
#include "kernels/op_set.h"
#include "runtime/op_checker.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

// Points *out at a requantization table's multipliers and shifts (into the artifact bytes),
// field by field so the struct's padding keeps its zeros.
void BindRequant(const schema::Requantization& requant, kernels::Requantization* out);

// An activation operand of an op with a 16x8 kernel: int8, or int16 too where int16 is built.
// An int8-only build keeps the int8 rule (data, not code), so it needs none of the 16x8 checks.
constexpr OperandRule Activation16x8(const char* role, int8_t min_rank = 0,
                                     int8_t max_rank = kAnyRank) {
  return kernels::kInt16Built ? Int8OrInt16(role, min_rank, max_rank)
                              : Int8(role, min_rank, max_rank);
}
// An optional bias: int32, or where int16 is built any type (Expect16x8Operands checks it).
constexpr OperandRule Bias16x8() {
  return kernels::kInt16Built
             ? OperandRule{"bias", schema::DataType::INT32, true, true, 0, kAnyRank}
             : OptionalInt32("bias");
}
// ConvLikeOperands with 16x8 admitted (conv2d, depthwise_conv2d, transpose_conv2d).
constexpr OperandRules ConvLike16x8Operands(kernels::OpArity arity) {
  return {arity,
          {Activation16x8("input", 4, 4), Int8("filter", 4, 4), Bias16x8()},
          Activation16x8("output", 4, 4)};
}

// What the rules above leave to the lowering: activations of one type, int16 ones with zero
// point 0 (TensorFlow Lite's 16x8 kernels take none), and a bias (when present) of `bias_type`,
// which must be INT32 for int8 activations. False after c.Fail otherwise.
StatusRef Check16x8Operands(const OpChecker& c, const schema::Tensor* bias,
                            schema::DataType bias_type);
inline StatusRef Expect16x8Operands(const OpChecker& c, const schema::Tensor* bias,
                                    schema::DataType bias_type) {
  return kernels::kInt16Built ? Check16x8Operands(c, bias, bias_type) : StatusRef::Ok();
}

struct Nhwc {
  const schema::Tensor* input;
  const schema::Tensor* filter;
  const schema::Tensor* bias;
  const schema::Tensor* output;
};

// input [n,h,w,c], filter int8 rank 4, optional bias, output [n,oh,ow,oc] (as ExpectOperands
// checked: int8 activations and an int32 bias, or their 16x8 forms).
inline Nhwc ConvOperands(const OpChecker& c) {
  return {c.Input(0), c.Input(1), c.Input(2), &c.Output()};
}

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
inline SlidingConv SlidingConvOf(const Options& options) {
  return {options.padding(),        options.activation(), options.stride_h(),
          options.stride_w(),       options.dilation_h(), options.dilation_w(),
          options.pad_top(),        options.pad_left(),   options.activation_min(),
          options.activation_max(), options.requant()};
}

StatusRef ExpectSlidingConv(const OpChecker& c, const Nhwc& o, int32_t output_c,
                            const SlidingConv& s);

// Checks the fields Conv2dParams and DepthwiseConv2dParams share, then fills them.
template <typename Params>
StatusRef LowerSlidingConv(const OpChecker& c, const Nhwc& o, int32_t output_c,
                           const SlidingConv& s, Params* p) {
  ARENASTORE_RETURN_IF_FAILED(ExpectSlidingConv(c, o, output_c, s));
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
  BindRequant(*s.requant, &p->requant);
  return StatusRef::Ok();
}

}  // namespace arenastore::runtime
