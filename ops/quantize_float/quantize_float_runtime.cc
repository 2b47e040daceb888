// quantize_float's runtime lowering: a verified artifact's operator ->
// kernels::QuantizeFloatParams: a float32 input, an int8 or int16 output of its shape with its
// per-tensor scale and zero point.
#include "runtime/conversion_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

using kernels::ElementType;

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::QuantizeFloatParams& p = params->quantize_float;
  ElementType input_type;
  return ConversionType(c, *c.Input(0), "input", TypeBit(ElementType::kFloat32), &input_type) &&
         ConversionType(c, c.Output(), "output",
                        TypeBit(ElementType::kInt8) | TypeBit(ElementType::kInt16),
                        &p.output_type) &&
         QuantizedOperand(c, c.Output(), "output", p.output_type, &p.scale, &p.zero_point) &&
         ElementwiseElements(c, &p.elements);
}

}  // namespace

extern const RuntimeOp kQuantizeFloatRuntime = {
    schema::OpOptions::EmptyOptions,
    true,
    {kernels::kQuantizeFloatArity, {AnyType("input")}, AnyType("output")},
    &Lower};

}  // namespace arenastore::runtime
