// The runtime lowering strided_slice, slice and reverse_v2 share: their artifacts carry the same
// SliceOptions (one begin, stride and count per input dimension), checked and built into a
// kernels::StridedCopyParams walk. Used only by those units' *_runtime.cc. Freestanding, never
// allocates; a bad field fails the OpChecker naming it.
#pragma once

#include "kernels/strided_copy.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"

namespace arenastore::runtime {

// Fills `walk` from the operator's SliceOptions; fails unless
// there is one entry per input dimension, every element read lies inside the input and the walk
// fills the output exactly. `op` names the operator in the kernel-level message.
StatusRef LowerSliceWalk(const OpChecker& c, const char* op, kernels::StridedCopyParams* walk);

// The operand rules of the three units: one int8 or int16 input and output (one type: checked by
// the lowering) of rank 1 to 6.
constexpr OperandRules SliceWalkOperands(kernels::OpArity arity) {
  return {arity,
          {Int8OrInt16("input", 1, kernels::kMaxStridedCopyRank)},
          Int8OrInt16("output", 0, kernels::kMaxStridedCopyRank)};
}

// A slice-walk unit's RuntimeOp over its params (kMember); the kernel-level message names the
// operator by its kind.
template <kernels::StridedCopyParams kernels::OpParams::*kMember>
StatusRef LowerSliceWalkOf(const OpChecker& c, kernels::OpParams* params) {
  return LowerSliceWalk(c, kernels::OpKindName(c.kind()), &(params->*kMember));
}
template <kernels::StridedCopyParams kernels::OpParams::*kMember>
constexpr RuntimeOp SliceWalkRuntime(kernels::OpArity arity, OpAliasing aliasing = {}) {
  return {schema::OpOptionsTraits<schema::SliceOptions>::enum_value, false,
          SliceWalkOperands(arity), &LowerSliceWalkOf<kMember>, aliasing};
}

// OpAliasing::part_start of a unit whose params are the walk `kMember`: where the output starts
// in the input when the walk reads one contiguous run of it (its sizes count bytes for either
// element width: int16 walks are widened to bytes); -1 otherwise.
template <kernels::StridedCopyParams kernels::OpParams::*kMember>
int64_t ContiguousWalkStart(const kernels::OpParams& params, size_t /*output*/) {
  const kernels::StridedCopyParams& walk = params.*kMember;
  return kernels::StridedCopyIsContiguous(walk) ? walk.input_start : -1;
}

}  // namespace arenastore::runtime
