#include "runtime/uniform_rescale_lowering.h"

namespace arenastore::runtime {

StatusRef CheckUniformRescale(const OpChecker& c, const UniformRescale& r) {
  if (r.left_shift < 0 || r.left_shift > 22) {
    return c.Fail("operators.options.left_shift", "left_shift %d outside [0, 22]", r.left_shift);
  }
  ARENASTORE_RETURN_IF_FAILED(
      c.ExpectFixedPoint("operators.options.input_multiplier", r.input_multiplier, r.input_shift));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectFixedPoint("operators.options.output_multiplier",
                                                 r.output_multiplier, r.output_shift));
  if (r.input_shift > 0 || r.output_shift > 0) {
    return c.Fail("operators.options.input_shift",
                  "shifts %d and %d must be <= 0 (multipliers below one)", r.input_shift,
                  r.output_shift);
  }
  return c.ExpectActivationRange(r.activation_min, r.activation_max);
}

}  // namespace arenastore::runtime
