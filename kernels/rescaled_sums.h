// The arithmetic mean and sum share, for int8 and int16 alike: TensorFlow Lite Micro's
// QuantizedMeanOrSum<T> (its MEAN and SUM run it for both types, whatever the quantization), and
// the checked ref kernel over it that both ops' ref.h name. Header-only, freestanding,
// allocation-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "base/status.h"
#include "kernels/fixed_point.h"
#include "kernels/reduction_params.h"
#include "kernels/scratch_check.h"

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

// mean's and sum's ref kernel, for int8 and int16 alike: they differ only in their name (kName,
// e.g. "mean/ref"), so each op's ref.h names this one body.
template <const char* kName>
struct RescaledSumsRef {
  static size_t ScratchBytes(const ReduceParams& params) { return ReduceSumScratchBytes(params); }

  template <typename T>
  static Status Eval(const ReduceParams& params, const T* input, T* output,
                     std::span<uint8_t> scratch) {
    ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ScratchBytes(params));
    ARENASTORE_RETURN_IF_ERROR(CheckRescaledReduceParams(params, kName));
    ARENASTORE_CHECK_OR_RETURN(reinterpret_cast<uintptr_t>(scratch.data()) % alignof(int32_t) == 0,
                               ErrorCode::kKernelInvalidParams,
                               "%s: scratch is not %zu-byte aligned", kName, alignof(int32_t));
    SumAndRescaleOf(params, input, output, reinterpret_cast<int32_t*>(scratch.data()));
    return Status::Ok();
  }
};

}  // namespace arenastore::kernels
