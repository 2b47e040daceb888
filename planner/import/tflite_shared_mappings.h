// Mapping steps several op units share (ops/average_pool2d and max_pool2d: the Pool2DOptions
// window; ops/add, mul and sub: an optional fused activation; conv2d and depthwise_conv2d: the
// conv window; depth_to_space and space_to_depth: a block size; space_to_batch_nd and
// batch_to_space_nd: block shape and paddings; pad, mirror_pad: padding pairs; the int8
// table-lookup ops: one int8 input and output; the conversions; the ops that take their operands
// as they are). Used only by those units' *_tflite.cc. Heap OK; errors as
// planner/import/tflite_op_mapper.h.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {

// "int16 -> float32": a one-input op's operand types, as refusals name them.
std::string TypesOf(tfl::TensorType in, tfl::TensorType out);

// One int8 input and one int8 output, mapped to `kind` (inputs and kind set; the caller sets the
// attributes). Other tensor types are refused with a reason ("int16 -> int16").
Status MapInt8Unary(TfliteOpMapper& m, kernels::OpKind kind);

// A conversion (QUANTIZE, DEQUANTIZE, CAST): one input and one output, mapped to `kind` when
// `accepts(input type, output type)` (the caller sets the attributes), refused naming both types
// otherwise. Such a mapping checks its operand types, so int16 and float32 reach it.
Status MapConversion(TfliteOpMapper& m, kernels::OpKind kind,
                     bool (*accepts)(tfl::TensorType input, tfl::TensorType output));

// A conversion unit's whole mapping function: MapConversion to kKind, then its (field-less)
// attributes, e.g. `&MapConversionOf<kernels::OpKind::kCast, CastAttributes, &Accepts>`.
template <kernels::OpKind kKind, typename Attributes,
          bool (*kAccepts)(tfl::TensorType input, tfl::TensorType output)>
Status MapConversionOf(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapConversion(m, kKind, kAccepts));
  m.result().op.attributes = Attributes{};
  return Status::Ok();
}

// An int8 table-lookup unit's whole mapping: MapInt8Unary to kKind, then its (field-less)
// attributes, e.g. `&MapInt8UnaryOf<kernels::OpKind::kElu, EluAttributes>`.
template <kernels::OpKind kKind, typename Attributes>
Status MapInt8UnaryOf(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kKind));
  m.result().op.attributes = Attributes{};
  return Status::Ok();
}

// The whole mapping of an op that takes its TFLite operator's kArity inputs as they are, with
// int8 or int16 activations alike (16x8 models) and (field-less) attributes: relu, tanh,
// maximum, e.g. `&MapActivationsOf<kernels::OpKind::kRelu, ReluAttributes, 1>`.
template <kernels::OpKind kKind, typename Attributes, size_t kArity>
Status MapActivationsOf(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(kArity, kArity));
  m.AcceptInt8OrInt16Activations(m.InputsAndOutput());
  return m.Emit(kKind, m.inputs(), Attributes{});
}

// The whole mapping of add, mul and sub: two int8 or int16 activations and an optional fused
// activation in their Options, e.g. `&MapBinaryOf<kernels::OpKind::kAdd, AddAttributes,
// tfl::AddOptions>`.
template <kernels::OpKind kKind, typename Attributes, typename Options>
Status MapBinaryOf(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.input(0), m.input(1), m.output()});
  Attributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<Options>(m, &a.activation));
  return m.Emit(kKind, {m.input(0), m.input(1)}, a);
}

// Reads Pool2DOptions (required) into *a: padding, strides, filter size, fused activation.
Status MapPool2dWindow(TfliteOpMapper& m, schema::Pool2dOptionsT* a);

// A pool unit's whole mapping: the window, int8 or int16 activations, e.g.
// `&MapPool2dOf<kernels::OpKind::kMaxPool2d, MaxPool2dAttributes>`.
template <kernels::OpKind kKind, typename Attributes>
Status MapPool2dOf(TfliteOpMapper& m) {
  Attributes a;
  ARENASTORE_RETURN_IF_ERROR(MapPool2dWindow(m, &a));
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kKind, {m.input(0)}, a);
}

// Reads a conv window (Conv2DOptions, DepthwiseConv2DOptions) into *a: padding, strides,
// dilations (the dilated filter bounded), fused activation.
template <typename Options, typename Attributes>
Status MapConvWindow(TfliteOpMapper& m, const Options& o, Attributes* a) {
  ARENASTORE_RETURN_IF_ERROR(m.ToPadding(o.padding(), &a->padding));
  a->stride_h = o.stride_h();
  a->stride_w = o.stride_w();
  a->dilation_h = o.dilation_h_factor();
  a->dilation_w = o.dilation_w_factor();
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->stride_h, "stride_h"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->stride_w, "stride_w"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->dilation_h, "dilation_h_factor"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->dilation_w, "dilation_w_factor"));
  ARENASTORE_RETURN_IF_ERROR(m.CheckDilatedFilter(a->dilation_h, a->dilation_w));
  return m.ToActivation(o.fused_activation_function(), &a->activation);
}

// The whole mapping of an op that moves bytes by a block size in its (required) Options:
// depth_to_space, space_to_depth.
template <kernels::OpKind kKind, typename Attributes, typename Options>
Status MapBlockSizeOf(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const Options* o, m.OptionsOf<Options>(true));
  Attributes a;
  a.block_size = o->block_size();
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a.block_size, "block_size"));
  m.RefuseUnlessSameQuantization(m.input(0), m.output());
  return m.Emit(kKind, {m.input(0)}, a);
}

// Dimension `dim`'s [before, after] pair in TFLite's flat paddings (or crops) layout, each in
// [0, 2^24] (`what`, "padding" or "crop", names a bad one), appended to *before and *after.
Status FoldPaddingPair(TfliteOpMapper& m, const std::vector<int64_t>& pairs, size_t dim,
                       const char* what, std::vector<int32_t>* before, std::vector<int32_t>* after);

// Operands (input, block_shape, `pads`) of space_to_batch_nd ("paddings", each a "padding") and
// batch_to_space_nd ("crops", each a "crop") folded into *a; false when refused (operands
// computed at run time, a rank TFLM does not take).
Result<bool> FoldBlockSpace(TfliteOpMapper& m, const char* pads, const char* pad,
                            schema::BlockSpaceOptionsT* a);

// Their whole mapping, e.g. `&MapBlockSpaceOf<kernels::OpKind::kBatchToSpaceNd,
// BatchToSpaceNdAttributes, kCrops, kCrop>` (the names as FoldBlockSpace takes them).
template <kernels::OpKind kKind, typename Attributes, const char* kPads, const char* kPad>
Status MapBlockSpaceOf(TfliteOpMapper& m) {
  Attributes a;
  ARENASTORE_ASSIGN_OR_RETURN(const bool folded, FoldBlockSpace(m, kPads, kPad, &a));
  if (!folded) return Status::Ok();
  m.RefuseUnlessSameQuantization(m.input(0), m.output());
  return m.Emit(kKind, {m.input(0)}, a);
}

// Reads an optional options table's fused activation into *activation (kNone without one).
template <typename Options>
Status MapFusedActivation(TfliteOpMapper& m, Activation* activation) {
  ARENASTORE_ASSIGN_OR_RETURN(const Options* o, m.OptionsOf<Options>(false));
  *activation = Activation::NONE;
  if (o == nullptr) return Status::Ok();
  return m.ToActivation(o->fused_activation_function(), activation);
}

}  // namespace arenastore::planner
