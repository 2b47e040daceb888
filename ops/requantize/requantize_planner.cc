// requantize's planner unit: its lowering to kernels::RequantizeParams (an int8, int16 or int32
// input and an int8, int16 or int32 output of its shape, not both int32, both quantized per
// tensor; the multiplier is input scale / output scale, as TensorFlow Lite Micro's QUANTIZE
// prepares it), and the RequantizeOptions it writes and reads back for re-planning.
#include "planner/int8_table.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {
namespace requantize_lowering {

// Only the multiplier is the host's: the runtime's lowering checks the types, zero points and
// shapes and fills the rest. The scales are checked here first, as the multiplier divides them.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<RequantizeAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(output, "output"));
  const Result<FixedPointMultiplier> rescale = CheckedQuantizeMultiplier(
      static_cast<double>(input.scale()) / static_cast<double>(output.scale()), "QUANTIZE",
      "input/output");
  if (!rescale.ok()) return l.Fail("{}", rescale.status().message());
  auto& p = lowered->mutable_options<RequantizeAttributes>();
  p.multiplier = rescale->multiplier;
  p.shift = rescale->shift;
  return Status::Ok();
}

}  // namespace requantize_lowering

extern const PlannerOp kRequantizePlanner =
    OptionsStructPlanner<RequantizeAttributes>(&requantize_lowering::Lower);

}  // namespace arenastore::planner
