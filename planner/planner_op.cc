#include "planner/planner_op.h"

#include "ops/op_list.h"

namespace arenastore::planner {

#define ARENASTORE_DECLARE_PLANNER_OP(id, name, Name, Options, options_id) \
  extern const PlannerOp k##Name##Planner;
ARENASTORE_FOR_EACH_OP(ARENASTORE_DECLARE_PLANNER_OP)
#undef ARENASTORE_DECLARE_PLANNER_OP

namespace {

// Indexed by OpKind: every op of the list (the host plans for any device).
const PlannerOp* const kPlannerOps[kernels::kOpKindCount] = {
#define ARENASTORE_PLANNER_OP(id, name, Name, Options, options_id) &k##Name##Planner,
    ARENASTORE_FOR_EACH_OP(ARENASTORE_PLANNER_OP)
#undef ARENASTORE_PLANNER_OP
};

}  // namespace

const PlannerOp* PlannerOpOf(kernels::OpKind kind) {
  const int index = static_cast<int>(kind);
  return index < kernels::kOpKindCount ? kPlannerOps[index] : nullptr;
}

}  // namespace arenastore::planner
