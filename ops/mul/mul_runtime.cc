// mul's runtime lowering: a verified artifact's operator -> kernels::MulParams, each field
// checked on the way (runtime/op_params_builder.h): the inputs broadcast to the output.
#include "runtime/broadcast_lowering.h"
#include "runtime/moved_elements.h"
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::MulParams* p = &params->mul;
  if (!LowerBroadcast(c, &p->shapes)) return false;
  const schema::MulOptions& options = c.Options<schema::MulOptions>();
  if (!c.ExpectEnums(schema::Padding::VALID, options.activation())) return false;
  p->output_multiplier = options.output_multiplier();
  p->output_shift = options.output_shift();
  if (!c.ExpectFixedPoint("operators.options.output_multiplier", p->output_multiplier,
                          p->output_shift))
    return false;
  FillBroadcastOffsets(c, p);
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  return c.ExpectActivationRange(p->activation_min, p->activation_max) &&
         MovedElementBytes(c) != 0;  // one type throughout
}

}  // namespace

extern const RuntimeOp kMulRuntime = {schema::OpOptions::MulOptions, false,
                                      Int8OrInt16BroadcastOperands(kernels::kMulArity), &Lower};

}  // namespace arenastore::runtime
