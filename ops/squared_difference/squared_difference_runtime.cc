// squared_difference's runtime lowering: a verified artifact's operator ->
// kernels::SquaredDifferenceParams, each field checked on the way (runtime/op_params_builder.h):
// the inputs broadcast to the output, the left shift keeps the square inside int32 and every
// fixed-point multiplier is valid.
#include "runtime/broadcast_lowering.h"
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::SquaredDifferenceParams* p = &params->squared_difference;
  ARENASTORE_RETURN_IF_FAILED(LowerBroadcast(c, &p->shapes));
  const schema::SquaredDifferenceOptions& options = c.Options<schema::SquaredDifferenceOptions>();
  p->left_shift = options.left_shift();
  if (p->left_shift < 0 || p->left_shift > 7) {
    return c.Fail("operators.options.left_shift", "left_shift %d outside [0, 7]", p->left_shift);
  }
  ARENASTORE_RETURN_IF_FAILED(LowerInputRescales(c, options, p));
  ARENASTORE_RETURN_IF_FAILED(c.ReadFixedPoint("operators.options.output_multiplier",
                                               options.output_multiplier(), options.output_shift(),
                                               &p->output_multiplier, &p->output_shift));
  FillBroadcastOffsets(c, p);
  return ExpectOneWidth(c);  // one type throughout
}

}  // namespace

extern const RuntimeOp kSquaredDifferenceRuntime = RuntimeUnit<schema::SquaredDifferenceOptions>(
    Int8OrInt16BroadcastOperands(kernels::kSquaredDifferenceArity), &Lower);

}  // namespace arenastore::runtime
