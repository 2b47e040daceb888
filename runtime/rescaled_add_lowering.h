// The runtime lowering add and sub share: an operator's AddOptions and broadcast operands ->
// kernels::RescaledAddParams (one layout; the kernels differ in the sign), every field checked on
// the way. Used only by those units' *_runtime.cc. Freestanding, never allocates; a bad field
// fails the OpChecker naming it.
#pragma once

#include "kernels/rescaled_add_params.h"
#include "runtime/moved_elements.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"

namespace arenastore::runtime {

StatusRef LowerRescaledAdd(const OpChecker& c, kernels::RescaledAddParams* p);

// An add or sub unit's RuntimeOp over its params (kMember): either width, one type throughout.
template <kernels::RescaledAddParams kernels::OpParams::*kMember>
StatusRef LowerRescaledAddOf(const OpChecker& c, kernels::OpParams* params) {
  ARENASTORE_RETURN_IF_FAILED(LowerRescaledAdd(c, &(params->*kMember)));
  return ExpectOneWidth(c);
}
template <kernels::RescaledAddParams kernels::OpParams::*kMember>
constexpr RuntimeOp RescaledAddRuntime(kernels::OpArity arity) {
  return {schema::OpOptionsTraits<schema::AddOptions>::enum_value, false,
          Int8OrInt16BroadcastOperands(arity), &LowerRescaledAddOf<kMember>};
}

}  // namespace arenastore::runtime
