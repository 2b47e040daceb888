// shape: the int32 vector of an int8 or int16 input's dims, as TensorFlow Lite Micro's SHAPE. The
// shape is known when the op is lowered, so the params carry it and the kernel writes it; the
// input's bytes are never read. Its params and the one check every variant runs; rows in shape.cc,
// the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

inline constexpr int32_t kMaxShapeRank = 8;

struct ShapeParams {
  int32_t rank;                 // of the input: the output's element count
  int32_t dims[kMaxShapeRank];  // the input's dims
};

inline constexpr OpArity kShapeArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ShapeParams, 36);

Status CheckShapeParams(const ShapeParams& params, const char* kernel);

}  // namespace arenastore::kernels
