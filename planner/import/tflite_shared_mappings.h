// Mapping steps several op units share (ops/average_pool2d and max_pool2d: the Pool2DOptions
// window; ops/add, mul and sub: an optional fused activation; the int8 table-lookup ops: one int8
// input and output; the conversions; the ops that take their operands as they are). Used only by
// those units' *_tflite.cc. Heap OK; errors as planner/import/tflite_op_mapper.h.
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

// Reads Pool2DOptions (required) into *a: padding, strides, filter size, fused activation.
Status MapPool2dWindow(TfliteOpMapper& m, Pool2dAttributes* a);

// Reads an optional options table's fused activation into *activation (kNone without one).
template <typename Options>
Status MapFusedActivation(TfliteOpMapper& m, Activation* activation) {
  ARENASTORE_ASSIGN_OR_RETURN(const Options* o, m.OptionsOf<Options>(false));
  *activation = Activation::kNone;
  if (o == nullptr) return Status::Ok();
  return m.ToActivation(o->fused_activation_function(), activation);
}

}  // namespace arenastore::planner
