// sub's planner unit: its lowering completes the AddOptions from float scales (as TensorFlow
// Lite Micro prepares SUB: scale quotients in float; planner/rescaled_add_lowering.h); the options
// struct is its attributes, written and read back whole. Its TensorFlow Lite mapping: SUB -> a
// graph op with SubAttributes (operands in TFLite's order: input1 - input2), or a reason it cannot
// run here.
#include "planner/op_unit.h"
#include "planner/rescaled_add_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kSubPlanner =
    RescaledAddPlanner<SubAttributes, MultiplierArithmetic::kFloatQuotients>();

// TensorFlow Lite's SUB (builtin 41).
extern const TfliteOpMapping kSubTflite = {
    {41}, 1, &MapBinaryOf<kernels::OpKind::kSub, SubAttributes, tfl::SubOptions>};

}  // namespace arenastore::planner
