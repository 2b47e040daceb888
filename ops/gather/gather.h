// gather: int8 rows copied from the input at constant positions, one op for TensorFlow Lite's
// GATHER (axis, batch_dims), GATHER_ND (the first K dims addressed as one flat position) and
// EMBEDDING_LOOKUP (axis 0): raw bytes, no requantization, as TFLM copies them.
// Its params (MakeGatherParams builds them for the planner and the runtime alike) and the one
// check every variant runs. Rows in gather.cc, the kernel in ref.h. Freestanding, no allocation.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

inline constexpr int32_t kMaxGatherRank = 8;

// The input read as [batch, outer, axis, inner] and the output as [batch, outer, coord, inner]:
// output row (b, o, c) is input row (b, o, indices[b * coord_size + c]).
struct GatherParams {
  const int32_t* indices;  // batch_size * coord_size positions in [0, axis_size); not owned
  int32_t batch_size;      // product of the first batch_dims input dims
  int32_t outer_size;      // product of the input dims from batch_dims to the axis
  int32_t coord_size;      // positions per batch: product of the indices dims after batch_dims
  int32_t axis_size;       // product of the axis_dims input dims from the axis
  int32_t inner_size;      // bytes per row: product of the input dims after them
};

inline constexpr OpArity kGatherArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(GatherParams, 24);

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent, or when
// an index is outside [0, axis_size) (TFLM fails the invoke then).
Status CheckGatherParams(const GatherParams& params, const char* kernel);

// The shapes and options of one gather, checked as TFLM's Prepare checks them (batch_dims <= axis,
// the batch dims of input and indices equal, every index in range) and against the output shape.
// `axis` and `batch_dims` are already non-negative; `axis_dims` input dims from `axis` form the
// gathered axis (1 for GATHER). `indices` must outlive the params.
struct GatherShapes {
  int32_t input_rank;
  const int32_t* input_shape;
  int32_t indices_rank;
  const int32_t* indices_shape;
  int32_t output_rank;
  const int32_t* output_shape;
};
Status MakeGatherParams(const GatherShapes& shapes, int32_t axis, int32_t axis_dims,
                        int32_t batch_dims, const int32_t* indices, int32_t index_count,
                        GatherParams* params);

}  // namespace arenastore::kernels
