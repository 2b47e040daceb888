// The runtime lowering every int8 table-lookup op shares (the ops
// whose params are kernels::TableLookupParams): the TableLookupOptions' 256 entries checked and
// pointed at, the input and output of one element count. Used only by those units'
// *_runtime.cc. Freestanding, never allocates.
#pragma once

#include "kernels/param_types.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"

namespace arenastore::runtime {

// An int8 input of any rank and an int8 output (their element counts are checked on lowering).
constexpr OperandRules TableLookupOperands(kernels::OpArity arity) {
  return {arity, {Int8("input")}, Int8("output")};
}

// Either width, one type throughout (abs and rsqrt): an int16 op's table is the rescale record
// of kernels/int16_rescale.h, which its int16 kernel applies per element.
constexpr OperandRules Int8OrInt16TableLookupOperands(kernels::OpArity arity) {
  return {arity, {Int8OrInt16("input")}, Int8OrInt16("output")};
}

// Every table-lookup op's RuntimeOp::lower: reads TableLookupOptions into params->table_lookup;
// false with the checker's status set on a failure.
bool LowerTableLookup(const OpChecker& c, kernels::OpParams* params);

}  // namespace arenastore::runtime
