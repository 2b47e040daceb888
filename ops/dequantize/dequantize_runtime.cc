// dequantize's runtime lowering: a verified artifact's operator -> kernels::DequantizeParams: an
// int8 or int16 input with its per-tensor scale and zero point, a float32 output of its shape.
#include "runtime/conversion_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  return FloatConversionOf(c, *c.Input(0), "input", &params->dequantize);
}

}  // namespace

extern const RuntimeOp kDequantizeRuntime = {
    schema::OpOptions::EmptyOptions,
    true,
    {kernels::kDequantizeArity, {Int8OrInt16("input")}, Typed("output", schema::DataType::FLOAT32)},
    &Lower};

}  // namespace arenastore::runtime
