// average_pool2d's runtime lowering: a verified artifact's operator -> kernels::Pool2dParams, the
// window checked against the shapes (runtime/pool2d_lowering.h).
#include "runtime/pool2d_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerPool2d(c, &params->average_pool2d);
}

}  // namespace

extern const RuntimeOp kAveragePool2dRuntime = {
    schema::OpOptions::Pool2dOptions, false,
    Int8OrInt16Pool2dOperands(kernels::kAveragePool2dArity), &Lower};

}  // namespace arenastore::runtime
