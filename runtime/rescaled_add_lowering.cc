#include "runtime/rescaled_add_lowering.h"

#include "runtime/broadcast_lowering.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {

StatusRef LowerRescaledAdd(const OpChecker& c, kernels::RescaledAddParams* p) {
  ARENASTORE_RETURN_IF_FAILED(LowerBroadcast(c, &p->shapes));
  const schema::AddOptions& options = c.Options<schema::AddOptions>();
  ARENASTORE_RETURN_IF_FAILED(c.ExpectEnums(schema::Padding::VALID, options.activation()));
  p->left_shift = options.left_shift();
  if (p->left_shift < 0 || p->left_shift > 30) {
    return c.Fail("operators.options.left_shift", "left_shift %d outside [0, 30]", p->left_shift);
  }
  p->input1_multiplier = options.input1_multiplier();
  p->input1_shift = options.input1_shift();
  p->input2_multiplier = options.input2_multiplier();
  p->input2_shift = options.input2_shift();
  p->output_multiplier = options.output_multiplier();
  p->output_shift = options.output_shift();
  ARENASTORE_RETURN_IF_FAILED(c.ExpectFixedPoint("operators.options.input1_multiplier",
                                                 p->input1_multiplier, p->input1_shift));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectFixedPoint("operators.options.input2_multiplier",
                                                 p->input2_multiplier, p->input2_shift));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectFixedPoint("operators.options.output_multiplier",
                                                 p->output_multiplier, p->output_shift));
  FillBroadcastOffsets(c, p);
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  return c.ExpectActivationRange(p->activation_min, p->activation_max);
}

}  // namespace arenastore::runtime
