// dequantize's runtime lowering: a verified artifact's operator -> kernels::DequantizeParams: an
// int8 or int16 input with its per-tensor scale and zero point, a float32 output of its shape.
#include "runtime/conversion_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::DequantizeParams& p = params->dequantize;
  p.input_type = QuantizedTypeOf(*c.Input(0));
  ARENASTORE_RETURN_IF_FAILED(
      QuantizedOperand(c, *c.Input(0), "input", p.input_type, &p.scale, &p.zero_point));
  return ElementwiseElements(c, &p.elements);
}

}  // namespace

extern const RuntimeOp kDequantizeRuntime = {
    schema::OpOptions::EmptyOptions,
    true,
    {kernels::kDequantizeArity, {Int8OrInt16("input")}, Typed("output", schema::DataType::FLOAT32)},
    &Lower};

}  // namespace arenastore::runtime
