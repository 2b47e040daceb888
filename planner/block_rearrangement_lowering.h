// The planner side space_to_depth and depth_to_space share: an NHWC tensor rearranged by one
// block size (BlockSizeOptions) into a kernels::StridedCopyParams walk that each unit's
// kernels::Make*Params builds. Each unit adds only its attributes type, its params member and
// that function. Host-only; errors as planner/lowering.h.
#pragma once

#include "kernels/strided_copy.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

// A unit's walk builder: kKernelInvalidParams unless `block_size` suits the input shape.
using BlockWalkMaker = Status (*)(const int32_t* input_shape, int32_t block_size,
                                  kernels::StridedCopyParams* walk, int32_t* output_shape);

// Fails unless input and output are rank-4 activations quantized alike and the output has the
// shape the walk produces.
Status LowerBlockRearrangement(const Lowering& l, int32_t block_size, BlockWalkMaker make,
                               kernels::StridedCopyParams* walk);

WrittenOptions WriteBlockSize(OptionsWriter& w, int32_t block_size);
int32_t ReadBlockSize(const schema::Operator& op);

// The PlannerOp write and read of a unit whose attributes are `Attributes` ({block_size}).
template <typename Attributes>
WrittenOptions WriteBlockSizeOf(OptionsWriter& w) {
  return WriteBlockSize(w, w.attributes<Attributes>().block_size);
}
template <typename Attributes>
Result<OpAttributes> ReadBlockSizeOf(const schema::Operator& op) {
  Attributes a;
  a.block_size = ReadBlockSize(op);
  return OpAttributes(a);
}

}  // namespace arenastore::planner
