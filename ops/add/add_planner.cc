// add's planner unit: its lowering completes the AddOptions from float scales (as TensorFlow
// Lite Micro prepares ADD: every multiplier in double; planner/rescaled_add_lowering.h); the
// options struct is its attributes, written and read back whole. Its TensorFlow Lite mapping: ADD
// -> a graph op with AddAttributes (operands in our order, constant operands folded into
// attributes), or a reason it cannot run here.
#include "planner/op_unit.h"
#include "planner/rescaled_add_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kAddPlanner =
    RescaledAddPlanner<AddAttributes, MultiplierArithmetic::kDouble>();

// TensorFlow Lite's ADD (builtin 0).
extern const TfliteOpMapping kAddTflite = {
    {0}, 1, &MapBinaryOf<kernels::OpKind::kAdd, AddAttributes, tfl::AddOptions>};

}  // namespace arenastore::planner
