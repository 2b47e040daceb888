// The runtime lowering space_to_depth and depth_to_space share: an operator's BlockSizeOptions
// and rank-4 operands -> the kernels::StridedCopyParams walk its unit's kernels::Make*Params
// builds, the output shape checked against it. Used only by those units' *_runtime.cc.
// Freestanding, never allocates; a bad field fails the OpChecker naming it.
#pragma once

#include "kernels/strided_copy.h"
#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"

namespace arenastore::runtime {

using BlockWalkMaker = Status (*)(const int32_t* input_shape, int32_t block_size,
                                  kernels::StridedCopyParams* walk, int32_t* output_shape);

StatusRef LowerBlockRearrangement(const OpChecker& c, BlockWalkMaker make,
                                  kernels::StridedCopyParams* walk);

// A block rearrangement unit's RuntimeOp: its walk's maker and params (kMember), int8 rank-4
// operands.
template <BlockWalkMaker kMake, kernels::StridedCopyParams kernels::OpParams::*kMember>
StatusRef LowerBlockRearrangementOf(const OpChecker& c, kernels::OpParams* params) {
  return LowerBlockRearrangement(c, kMake, &(params->*kMember));
}
template <BlockWalkMaker kMake, kernels::StridedCopyParams kernels::OpParams::*kMember>
constexpr RuntimeOp BlockRearrangementRuntime(kernels::OpArity arity) {
  return {schema::OpOptionsTraits<schema::BlockSizeOptions>::enum_value, false,
          OperandRules{arity, {Int8("input", 4, 4)}, Int8("output", 4, 4)},
          &LowerBlockRearrangementOf<kMake, kMember>};
}

}  // namespace arenastore::runtime
