// requantize's runtime lowering: a verified artifact's operator -> kernels::RequantizeParams: an
// int8, int16 or int32 input and an int8, int16 or int32 output of its shape (not both int32)
// with their zero points, and the RequantizeOptions' fixed-point multiplier.
#include "runtime/conversion_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

using kernels::ElementType;

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::RequantizeParams& p = params->requantize;
  const schema::RequantizeOptions& options = c.Options<schema::RequantizeOptions>();
  p.multiplier = options.multiplier();
  p.shift = options.shift();
  float input_scale, output_scale;
  ARENASTORE_RETURN_IF_FAILED(
      ConversionType(c, *c.Input(0), "input", kIntegerTypeBits, &p.input_type));
  ARENASTORE_RETURN_IF_FAILED(ConversionType(c, c.Output(), "output",
                                             p.input_type == ElementType::kInt32
                                                 ? kIntegerTypeBits & ~TypeBit(ElementType::kInt32)
                                                 : kIntegerTypeBits,
                                             &p.output_type));
  ARENASTORE_RETURN_IF_FAILED(
      QuantizedOperand(c, *c.Input(0), "input", p.input_type, &input_scale, &p.input_zero_point));
  ARENASTORE_RETURN_IF_FAILED(QuantizedOperand(c, c.Output(), "output", p.output_type,
                                               &output_scale, &p.output_zero_point));
  ARENASTORE_RETURN_IF_FAILED(
      c.ExpectFixedPoint("operators.options.multiplier", p.multiplier, p.shift));
  return ElementwiseElements(c, &p.elements);
}

}  // namespace

extern const RuntimeOp kRequantizeRuntime = RuntimeUnit<schema::RequantizeOptions>(
    {kernels::kRequantizeArity, {AnyType("input")}, AnyType("output")}, &Lower);

}  // namespace arenastore::runtime
