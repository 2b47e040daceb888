// Reference kernel of mean: the int8 or int16 mean over the given axes, as TensorFlow Lite Micro's
// MEAN: (sum - count * input zero point) rescaled by input scale / (count * output scale),
// rounding, plus the output zero point (even when input and output quantization are equal). Called
// through the kernel registry. Scratch: one int32 sum per output. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad shape, axes or scaling).
#pragma once

#include <cstdint>

#include "kernels/rescaled_sums.h"
#include "ops/mean/mean.h"

namespace arenastore::kernels::ref {

inline constexpr char kMeanRefName[] = "mean/ref";
using MeanRef = RescaledSumsRef<kMeanRefName>;

inline constexpr auto& MeanScratchBytes = MeanRef::ScratchBytes;
inline constexpr auto& Mean = MeanRef::Eval<int8_t>;
inline constexpr auto& MeanInt16 = MeanRef::Eval<int16_t>;

}  // namespace arenastore::kernels::ref
