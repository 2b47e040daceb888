// sub's planner unit: kernels::AddParams from graph attributes and float scales (as TensorFlow Lite
// Micro prepares SUB: scale quotients in float), written to and read back from AddOptions and
// compared as planner/rescaled_add_lowering.h does for add and sub.
#include "planner/rescaled_add_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kSubPlanner = RescaledAddPlanner<SubAttributes, &kernels::OpParams::sub,
                                                        MultiplierArithmetic::kFloatQuotients>();

}  // namespace arenastore::planner
