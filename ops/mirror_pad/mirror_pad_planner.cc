// mirror_pad's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering derives kernels::MirrorPadParams), the MirrorPadOptions it writes to an artifact and
// reads back for re-planning, and which of those fields two artifacts must share to compute the
// same thing.
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
extern const PlannerOp kMirrorPadPlanner =
    OptionsStructPlanner<MirrorPadAttributes>(&LowerQuantizedMove<MirrorPadAttributes>);

}  // namespace arenastore::planner
