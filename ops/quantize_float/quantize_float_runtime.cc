// quantize_float's runtime lowering: a verified artifact's operator ->
// kernels::QuantizeFloatParams: a float32 input, an int8 or int16 output of its shape with its
// per-tensor scale and zero point.
#include "runtime/conversion_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  return FloatConversionOf(c, c.Output(), "output", &params->quantize_float);
}

}  // namespace

extern const RuntimeOp kQuantizeFloatRuntime = {schema::OpOptions::EmptyOptions,
                                                true,
                                                {kernels::kQuantizeFloatArity,
                                                 {Typed("input", schema::DataType::FLOAT32)},
                                                 Int8OrInt16("output")},
                                                &Lower};

}  // namespace arenastore::runtime
