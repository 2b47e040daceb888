// slice's runtime lowering: a verified artifact's operator -> kernels::SliceParams, the
// slice walk of its SliceOptions checked as runtime/slice_walk_lowering.h says.
#include "runtime/runtime_op.h"
#include "runtime/slice_walk_lowering.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerSliceWalk(c, "slice", &params->slice);
}

}  // namespace

extern const RuntimeOp kSliceRuntime = {schema::OpOptions::SliceOptions, false,
                                        SliceWalkOperands(kernels::kSliceArity), &Lower};

}  // namespace arenastore::runtime
