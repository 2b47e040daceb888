// reshape's planner unit: nothing the host alone computes (the runtime's lowering checks that
// input and output hold the same bytes and derives kernels::ReshapeParams), the ReshapeOptions it
// writes to an artifact and reads back for re-planning, and that its output is its input's bytes.
#include "planner/empty_options_planning.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace reshape_lowering {

WrittenOptions Write(OptionsWriter& w) {
  return {schema::OpOptions::ReshapeOptions, schema::CreateReshapeOptions(w.builder()).Union()};
}

Result<OpAttributes> Read(const schema::Operator& /*op*/) {
  return OpAttributes(ReshapeAttributes{});
}

}  // namespace reshape_lowering

extern const PlannerOp kReshapePlanner = {&LowerAttributesOnly<ReshapeAttributes>,
                                          &reshape_lowering::Write,
                                          &reshape_lowering::Read,
                                          nullptr,
                                          {InputAliasing::kAlways}};

}  // namespace arenastore::planner
