// The lowering average_pool2d and max_pool2d share (ops/average_pool2d, ops/max_pool2d): the
// window options checked against the NHWC input and output. Used only by those units'
// *_runtime.cc. Freestanding, never allocates.
#pragma once

#include "kernels/param_types.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"

namespace arenastore::runtime {

// Either width, one type throughout (LowerPool2d checks it): the pools' ref rows run int16 too.
constexpr OperandRules Int8OrInt16Pool2dOperands(kernels::OpArity arity) {
  return {arity, {Int8OrInt16("input", 4, 4)}, Int8OrInt16("output", 4, 4)};
}

// Reads Pool2dOptions and the shapes into *p, the activation range checked inside the
// operands' type.
StatusRef LowerPool2d(const OpChecker& c, kernels::Pool2dParams* p);

// A pool unit's RuntimeOp over its params (kMember).
template <kernels::Pool2dParams kernels::OpParams::*kMember>
StatusRef LowerPool2dOf(const OpChecker& c, kernels::OpParams* params) {
  return LowerPool2d(c, &(params->*kMember));
}
template <kernels::Pool2dParams kernels::OpParams::*kMember>
constexpr RuntimeOp Pool2dRuntime(kernels::OpArity arity) {
  return {schema::OpOptionsTraits<schema::Pool2dOptions>::enum_value, false,
          Int8OrInt16Pool2dOperands(arity), &LowerPool2dOf<kMember>};
}

}  // namespace arenastore::runtime
