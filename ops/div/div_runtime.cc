// div's runtime lowering: a verified artifact's operator -> kernels::DivParams, each field
// checked on the way (runtime/op_params_builder.h): the inputs broadcast to the output and the
// fixed-point multiplier lies in the range the kernel's shifts can carry.
#include "runtime/broadcast_lowering.h"
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::DivParams* p = &params->div;
  if (!LowerBroadcast(c, &p->shapes)) return false;
  const schema::DivOptions& options = c.Options<schema::DivOptions>();
  if (!c.ExpectEnums(schema::Padding::VALID, options.activation())) return false;
  p->output_multiplier = options.output_multiplier();
  p->output_shift = options.output_shift();
  if (!c.ExpectFixedPoint("operators.options.output_multiplier", p->output_multiplier,
                          p->output_shift))
    return false;
  if (p->output_shift < kernels::kMinDivOutputShift ||
      p->output_shift > kernels::kMaxDivOutputShift) {
    return c.Fail("operators.options.output_shift", "output_shift %d outside [%d, %d]",
                  p->output_shift, kernels::kMinDivOutputShift, kernels::kMaxDivOutputShift);
  }
  FillBroadcastOffsets(c, p);
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  return c.ExpectActivationRange(p->activation_min, p->activation_max);
}

}  // namespace

extern const RuntimeOp kDivRuntime = {schema::OpOptions::DivOptions, false,
                                      BroadcastOperands(kernels::kDivArity), &Lower};

}  // namespace arenastore::runtime
