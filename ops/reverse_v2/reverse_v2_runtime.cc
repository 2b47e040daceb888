// reverse_v2's runtime lowering: a verified artifact's operator -> kernels::ReverseV2Params, the
// slice walk of its SliceOptions checked as runtime/slice_walk_lowering.h says.
#include "runtime/runtime_op.h"
#include "runtime/slice_walk_lowering.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerSliceWalk(c, "reverse_v2", &params->reverse_v2);
}

}  // namespace

extern const RuntimeOp kReverseV2Runtime = {schema::OpOptions::SliceOptions, false,
                                            SliceWalkOperands(kernels::kReverseV2Arity), &Lower};

}  // namespace arenastore::runtime
