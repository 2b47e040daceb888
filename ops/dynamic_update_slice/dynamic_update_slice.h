// dynamic_update_slice: the int8 or int16 operand with the update written over it at a start
// position, as TensorFlow Lite Micro's DYNAMIC_UPDATE_SLICE with its start indices constant
// (clamped into range when the op is lowered, as TFLM clamps them: start = min(max(0, index),
// operand - update)). Its params (MakeDynamicUpdateSliceParams builds them for the planner and the
// runtime alike) and the one check every variant runs. Rows in dynamic_update_slice.cc, the kernel
// in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

inline constexpr int32_t kMaxDynamicUpdateSliceRank = 6;  // TFLM's kMaxDimensions

struct DynamicUpdateSliceParams {
  int32_t rank;                                 // 0 to kMaxDynamicUpdateSliceRank
  int32_t operand[kMaxDynamicUpdateSliceRank];  // the operand's and the output's shape
  int32_t update[kMaxDynamicUpdateSliceRank];   // each dim <= the operand's
  int32_t start[kMaxDynamicUpdateSliceRank];    // in [0, operand - update], already clamped
};

inline constexpr OpArity kDynamicUpdateSliceArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(DynamicUpdateSliceParams, 76);

Status CheckDynamicUpdateSliceParams(const DynamicUpdateSliceParams& params, const char* kernel);

// The params for an operand and an update of `rank` dims and raw start indices, clamped as TFLM
// clamps them; kKernelInvalidParams when rank or shapes do not fit.
Status MakeDynamicUpdateSliceParams(int32_t rank, const int32_t* operand_shape,
                                    const int32_t* update_shape, const int64_t* start,
                                    DynamicUpdateSliceParams* params);

}  // namespace arenastore::kernels
