// RuntimeOp: what an operator's unit gives the runtime (ops/<op>/<op>_runtime.cc defines
// k<Name>Runtime): the options table its operators carry, its operand rules, its lowering from a
// verified artifact's fields to kernels::OpParams, checking each field on the way, and whether
// its tensors may share bytes (read by the planner and by the runtime's plan verification).
// RuntimeOpOf is the table generated from ops/op_list.h over the ops this build compiled
// (ARENASTORE_OPS); the op-params builder is its only caller. RowStripUnitOf gives the row-stage
// runner the units of the ops that strip. Freestanding, constant data.
#pragma once

#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "runtime/op_aliasing.h"
#include "runtime/operand_rules.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::runtime {

class OpChecker;
struct RowStripUnit;

struct RuntimeOp {
  schema::OpOptions options_type;  // the options table an operator of this kind carries
  bool options_optional;           // true: it may also carry none (reshape)
  OperandRules operands;
  // Reads the operator's options and operands (ExpectOptionsType and ExpectOperands passed)
  // into *params, checking each field; a failure is the checker's Status (OpChecker::Fail).
  StatusRef (*lower)(const OpChecker& checker, kernels::OpParams* params);
  // Whether and where its tensors share bytes; by default they never do.
  OpAliasing aliasing = {};
};

// The RuntimeOp of a unit whose operators always carry an `Options` table (all but the few whose
// options are optional): its union type as FlatBuffers' traits give it.
template <typename Options>
constexpr RuntimeOp RuntimeUnit(OperandRules operands,
                                StatusRef (*lower)(const OpChecker&, kernels::OpParams*),
                                OpAliasing aliasing = {}) {
  return {schema::OpOptionsTraits<Options>::enum_value, false, operands, lower, aliasing};
}

// The unit of `kind`, or null when this build was compiled without it (or `kind` is unknown).
const RuntimeOp* RuntimeOpOf(kernels::OpKind kind);

// How `kind` runs strip by strip in a row stage (runtime/row_stage.h): the k<Name>RowStrip its
// unit defines (runtime/row_strip_unit.h); null when it defines none (it cannot run in a stage),
// or this build lacks it.
const RowStripUnit* RowStripUnitOf(kernels::OpKind kind);

}  // namespace arenastore::runtime
