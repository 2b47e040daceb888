// The lowering average_pool2d and max_pool2d share (ops/average_pool2d, ops/max_pool2d): the
// window options checked against the NHWC input and output. Used only by those units'
// *_runtime.cc. Freestanding, never allocates.
#pragma once

#include "kernels/param_types.h"
#include "runtime/op_checker.h"

namespace arenastore::runtime {

// Reads Pool2dOptions and the shapes into *p; false with the checker's status set on a failure.
bool LowerPool2d(const OpChecker& c, kernels::Pool2dParams* p);

}  // namespace arenastore::runtime
