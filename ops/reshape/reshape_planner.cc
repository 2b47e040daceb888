// reshape's planner unit: its lowering from graph attributes and float scales to
// kernels::ReshapeParams (as TensorFlow Lite prepares the op), the ReshapeOptions it writes to an
// artifact and reads back for re-planning, and which of those fields two artifacts must share to
// compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace reshape_lowering {

Status LowerReshapeParams(const Lowering& l, kernels::OpParams* p) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  if (input.bytes() != output.bytes() || input.type != output.type) {
    return l.Fail("input '{}' ({} B) and output '{}' ({} B) differ in size or type", input.name,
                  input.bytes(), output.name, output.bytes());
  }
  p->reshape.bytes = static_cast<int32_t>(input.bytes());
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerReshapeParams(l, &lowered->params());
}

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::ReshapeOptions, schema::CreateReshapeOptions(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(ReshapeAttributes{});
}

}  // namespace reshape_lowering

extern const PlannerOp kReshapePlanner = {&reshape_lowering::Lower,
                                          &reshape_lowering::Write,
                                          &reshape_lowering::Read,
                                          nullptr,
                                          {InputAliasing::kAlways}};

}  // namespace arenastore::planner
