// cast's runtime lowering: a verified artifact's operator -> kernels::CastParams: an int8, int16
// or int32 input and an output of its shape of those types or float32.
#include "runtime/conversion_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

using kernels::ElementType;

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::CastParams& p = params->cast;
  ARENASTORE_RETURN_IF_FAILED(
      ConversionType(c, *c.Input(0), "input", kIntegerTypeBits, &p.input_type));
  ARENASTORE_RETURN_IF_FAILED(ConversionType(
      c, c.Output(), "output", kIntegerTypeBits | TypeBit(ElementType::kFloat32), &p.output_type));
  return ElementwiseElements(c, &p.elements);
}

}  // namespace

extern const RuntimeOp kCastRuntime = {schema::OpOptions::EmptyOptions,
                                       true,
                                       {kernels::kCastArity, {AnyType("input")}, AnyType("output")},
                                       &Lower};

}  // namespace arenastore::runtime
