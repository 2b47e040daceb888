// add's planner unit: kernels::AddParams from graph attributes and float scales (as TensorFlow Lite
// Micro prepares ADD: every multiplier in double), written to and read back from AddOptions and
// compared as planner/rescaled_add_lowering.h does for add and sub.
#include "planner/rescaled_add_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kAddPlanner =
    RescaledAddPlanner<AddAttributes, &kernels::OpParams::add, MultiplierArithmetic::kDouble>();

}  // namespace arenastore::planner
