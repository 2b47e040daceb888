// The runtime lowering every table-lookup op shares (the ops whose params are
// kernels::TableLookupParams): the TableLookupOptions' bytes checked and pointed at, the input and
// output of one element count. An int8 op's table has 256 entries; an int16 op's options hold what
// its kernel reads instead (the relu family: a kernels::PiecewiseRescale record; LOGISTIC and
// TANH: their int16 sigmoid table; ABS and RSQRT: a multiplier and shift). Used only by those
// units' *_runtime.cc. Freestanding, never allocates.
#pragma once

#include "kernels/param_types.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"

namespace arenastore::runtime {

// An int8 input of any rank and an int8 output (their element counts are checked on lowering).
constexpr OperandRules TableLookupOperands(kernels::OpArity arity) {
  return {arity, {Int8("input")}, Int8("output")};
}

// The ops with int16 rows (the relu family, LOGISTIC, TANH, ABS, RSQRT): int8 or int16, one type
// throughout.
constexpr OperandRules Int8OrInt16TableLookupOperands(kernels::OpArity arity) {
  return {arity, {Int8OrInt16("input")}, Int8OrInt16("output")};
}

// RuntimeOp::lower of the int8 table ops and of the relu family, whose int16 form carries a
// kernels::PiecewiseRescale record (kPiecewiseRescaleBytes); fails on mixed
// widths among them.
StatusRef LowerTableLookup(const OpChecker& c, kernels::OpParams* params);

// LOGISTIC's and TANH's: as LowerTableLookup, but an int16 op's table holds
// kernels::kSigmoidInt16TableBytes (kernels/sigmoid_int16_table.h).
StatusRef LowerSigmoidTableLookup(const OpChecker& c, kernels::OpParams* params);

// ABS's and RSQRT's: as LowerTableLookup, but an int16 op's table is the kernels::Int16Rescale
// record (kInt16RescaleBytes) its kernel applies per element.
StatusRef LowerRescaleTableLookup(const OpChecker& c, kernels::OpParams* params);

// A table-lookup unit's RuntimeOp: int8 only, or int8 or int16 with the lowering of its int16
// table (LowerTableLookup, LowerSigmoidTableLookup or LowerRescaleTableLookup).
constexpr RuntimeOp TableLookupRuntime(kernels::OpArity arity) {
  return {schema::OpOptionsTraits<schema::TableLookupOptions>::enum_value, false,
          TableLookupOperands(arity), &LowerTableLookup};
}
constexpr RuntimeOp Int8OrInt16TableLookupRuntime(kernels::OpArity arity,
                                                  StatusRef (*lower)(const OpChecker&,
                                                                     kernels::OpParams*)) {
  return {schema::OpOptionsTraits<schema::TableLookupOptions>::enum_value, false,
          Int8OrInt16TableLookupOperands(arity), lower};
}

}  // namespace arenastore::runtime
