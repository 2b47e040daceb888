// dequantize's runtime lowering: a verified artifact's operator -> kernels::DequantizeParams: an
// int8 or int16 input with its per-tensor scale and zero point, a float32 output of its shape.
#include "runtime/conversion_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

using kernels::ElementType;

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::DequantizeParams& p = params->dequantize;
  ElementType output_type;
  return ConversionType(c, *c.Input(0), "input",
                        TypeBit(ElementType::kInt8) | TypeBit(ElementType::kInt16),
                        &p.input_type) &&
         ConversionType(c, c.Output(), "output", TypeBit(ElementType::kFloat32), &output_type) &&
         QuantizedOperand(c, *c.Input(0), "input", p.input_type, &p.scale, &p.zero_point) &&
         ElementwiseElements(c, &p.elements);
}

}  // namespace

extern const RuntimeOp kDequantizeRuntime = {
    schema::OpOptions::EmptyOptions,
    true,
    {kernels::kDequantizeArity, {AnyType("input")}, AnyType("output")},
    &Lower};

}  // namespace arenastore::runtime
