// Mapping steps several op units share (ops/average_pool2d and max_pool2d: the Pool2DOptions
// window; ops/add, mul and sub: an optional fused activation; the int8 table-lookup ops: one int8
// input and output). Used only by those units' *_tflite.cc. Heap OK; errors as
// planner/import/tflite_op_mapper.h.
#pragma once

#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {

// One int8 input and one int8 output, mapped to `kind` (inputs and kind set; the caller sets the
// attributes). Other tensor types are refused with a reason ("int16 -> int16").
Status MapInt8Unary(TfliteOpMapper& m, kernels::OpKind kind);

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
