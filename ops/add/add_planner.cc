// add's planner unit: kernels::AddParams from graph attributes and float scales (as TensorFlow Lite
// Micro prepares ADD: every multiplier in double), written to and read back from AddOptions and
// compared as planner/rescaled_add_lowering.h does for add and sub.
// Its TensorFlow Lite mapping: ADD -> a graph op with AddAttributes (operands in our order,
// constant operands folded into attributes), or a reason it cannot run here.
#include "planner/op_unit.h"
#include "planner/rescaled_add_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kAddPlanner =
    RescaledAddPlanner<AddAttributes, &kernels::OpParams::add, MultiplierArithmetic::kDouble>();

// TensorFlow Lite's ADD (builtin 0).
extern const TfliteOpMapping kAddTflite = {
    {0}, 1, &MapBinaryOf<kernels::OpKind::kAdd, AddAttributes, tfl::AddOptions>};

}  // namespace arenastore::planner
