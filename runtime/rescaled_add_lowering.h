// The runtime lowering add and sub share: an operator's AddOptions and broadcast operands ->
// kernels::RescaledAddParams (one layout; the kernels differ in the sign), every field checked on
// the way. Used only by those units' *_runtime.cc. Freestanding, never allocates; a bad field
// fails the OpChecker naming it.
#pragma once

#include "kernels/rescaled_add_params.h"
#include "runtime/op_checker.h"

namespace arenastore::runtime {

bool LowerRescaledAdd(const OpChecker& c, kernels::RescaledAddParams* p);

}  // namespace arenastore::runtime
