// The runtime side space_to_batch_nd and batch_to_space_nd share: an operator's
// BlockSpaceOptions and rank-3/4 operands read into plain arrays for the unit's
// kernels::Make*Params. Used only by those units' *_runtime.cc. Freestanding, never allocates;
// a bad field fails the OpChecker naming it.
#pragma once

#include "runtime/op_checker.h"
#include "runtime/operand_rules.h"

namespace arenastore::runtime {

struct BlockSpaceShapes {
  int32_t rank;
  int32_t input[4], output[4];
  int32_t block[2], before[2], after[2];  // one entry per spatial dimension
};

// False unless the output has the input's rank and the options one entry per spatial dimension.
StatusRef ReadBlockSpace(const OpChecker& c, BlockSpaceShapes* shapes);

// A block/space unit's RuntimeOp: kBuild makes its params from the shapes read (failing when
// the walk does not fit); int8 rank-3 or rank-4 operands.
using BlockSpaceBuild = StatusRef (*)(const OpChecker& c, const BlockSpaceShapes& s,
                                      kernels::OpParams* params);
template <BlockSpaceBuild kBuild>
StatusRef LowerBlockSpaceOf(const OpChecker& c, kernels::OpParams* params) {
  BlockSpaceShapes s;
  ARENASTORE_RETURN_IF_FAILED(ReadBlockSpace(c, &s));
  return kBuild(c, s, params);
}
template <BlockSpaceBuild kBuild>
constexpr RuntimeOp BlockSpaceRuntime(kernels::OpArity arity) {
  return {schema::OpOptionsTraits<schema::BlockSpaceOptions>::enum_value, false,
          OperandRules{arity, {Int8("input", 3, 4)}, Int8("output", 3, 4)},
          &LowerBlockSpaceOf<kBuild>};
}
// What kBuild returns for its kernels::Make*Params status.
inline StatusRef BlockSpaceBuilt(const OpChecker& c, const Status& status) {
  return status.ok() ? StatusRef::Ok()
                     : c.Fail("operators.options.block_shape", "%s", status.message());
}

}  // namespace arenastore::runtime
