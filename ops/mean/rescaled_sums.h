// The arithmetic mean and sum share, for int8 and int16 alike: TensorFlow Lite Micro's
// QuantizedMeanOrSum<T> (its MEAN and SUM run it for both types, whatever the quantization).
// Included by the two ops' ref kernels (ops/mean/ref.cc, ops/sum/ref.cc). Header-only,
// freestanding, allocation-free. It supersedes reduction.h's int8-only SumAndRescale, which
// stays until that widely included header is next edited.
#pragma once

#include <cstdint>
#include <limits>

#include "kernels/fixed_point.h"
#include "ops/mean/reduction.h"

namespace arenastore::kernels {

// int32 sums of the raw inputs (wrapping, as TFLM's int32 adds do), then per output (sum - count
// * input zero point) rescaled plus the output zero point, clamped to T's range. `sums` holds
// ReduceOutputCount(p) int32. The shape must have passed CheckReduceShape.
template <typename T>
void SumAndRescaleOf(const ReduceParams& p, const T* input, T* output, int32_t* sums) {
  const int64_t outputs = ReduceOutputCount(p);
  for (int64_t o = 0; o < outputs; ++o) sums[o] = 0;
  ForEachReduced(p, [&](int32_t i, int32_t o) { sums[o] = WrappingAdd(sums[o], input[i]); });
  const int64_t count = ReduceCountPerOutput(p);
  if (count == 0) {  // an empty reduction leaves TensorFlow Lite's zero-filled output
    for (int64_t o = 0; o < outputs; ++o) output[o] = 0;
    return;
  }
  for (int64_t o = 0; o < outputs; ++o) {
    const int32_t shifted =
        static_cast<int32_t>(static_cast<int64_t>(sums[o]) - p.input_zero_point * count);
    const int32_t value =
        WrappingAdd(MultiplyByQuantizedMultiplier(shifted, p.output_multiplier, p.output_shift),
                    p.output_zero_point);
    output[o] =
        static_cast<T>(Clamp(value, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
  }
}

}  // namespace arenastore::kernels
