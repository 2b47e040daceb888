// Mapping steps several op units share (ops/average_pool2d and max_pool2d: the Pool2DOptions
// window; ops/add, mul and sub: an optional fused activation; the int8 table-lookup ops: one int8
// input and output; the conversions). Used only by those units' *_tflite.cc. Heap OK; errors as
// planner/import/tflite_op_mapper.h.
#pragma once

#include <string>

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
