// strided_slice's runtime lowering: a verified artifact's operator -> kernels::StridedSliceParams,
// the slice walk of its SliceOptions checked as runtime/slice_walk_lowering.h says.
#include "runtime/runtime_op.h"
#include "runtime/slice_walk_lowering.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerSliceWalk(c, "strided_slice", &params->strided_slice);
}

}  // namespace

extern const RuntimeOp kStridedSliceRuntime = {
    schema::OpOptions::SliceOptions, false, SliceWalkOperands(kernels::kStridedSliceArity), &Lower};

}  // namespace arenastore::runtime
