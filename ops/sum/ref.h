// Reference kernel of sum: the int8 or int16 sum over the given axes, as TensorFlow Lite Micro's
// SUM: (sum - count * input zero point) rescaled by input scale / output scale plus the output zero
// point, saturated. Called through the kernel registry. Scratch: one int32 sum per output. Never
// allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad shape, axes
// or scaling).
#pragma once

#include <cstdint>

#include "kernels/rescaled_sums.h"
#include "ops/sum/sum.h"

namespace arenastore::kernels::ref {

inline constexpr char kSumRefName[] = "sum/ref";
using SumRef = RescaledSumsRef<kSumRefName>;

inline constexpr auto& SumScratchBytes = SumRef::ScratchBytes;
inline constexpr auto& Sum = SumRef::Eval<int8_t>;
inline constexpr auto& SumInt16 = SumRef::Eval<int16_t>;

}  // namespace arenastore::kernels::ref
