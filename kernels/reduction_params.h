// The four int8 reductions' shared parts (mean, sum, reduce_max, reduce_min): their params, the
// axis resolution TensorFlow Lite applies (negative axes counted from the end, repeats ignored)
// and the walk over the input that pairs every element with its output. Included by the four
// units' kernels, runtime lowerings and planners. Header-only, freestanding, allocation-free.
// Invariant: outputs are numbered as the input's kept dimensions in order, so keep_dims only
// changes the output's shape, never its bytes.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/fixed_point.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

inline constexpr int kMaxReduceRank = 6;

struct ReduceParams {
  int32_t rank;  // of the input, in [1, kMaxReduceRank]
  int32_t input_shape[kMaxReduceRank];
  int32_t reduced[kMaxReduceRank];  // 1 where the dimension is reduced, else 0
  int32_t input_zero_point, output_zero_point;
  // mean and sum: real = output_multiplier * 2^(output_shift - 31) maps (sum - count * input zero
  // point) to output units; a mean's multiplier already holds 1/count, as TensorFlow Lite
  // folds it in. Zero for reduce_max and reduce_min.
  int32_t output_multiplier, output_shift;
};

// Marks the dimensions `axes` names in `reduced` (rank entries), as TensorFlow Lite's
// ResolveAxis: a negative axis counts from the end, a repeated one counts once. False when an
// axis is outside [-rank, rank).
inline bool ResolveReduceAxes(int32_t rank, const int32_t* axes, size_t axis_count,
                              int32_t* reduced) {
  for (int32_t d = 0; d < rank; ++d) reduced[d] = 0;
  for (size_t i = 0; i < axis_count; ++i) {
    const int32_t axis = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (axis < 0 || axis >= rank) return false;
    reduced[axis] = 1;
  }
  return true;
}

// Elements of the output: the product of the kept dimensions.
inline int64_t ReduceOutputCount(const ReduceParams& p) {
  int64_t count = 1;
  for (int32_t d = 0; d < p.rank; ++d) count *= p.reduced[d] != 0 ? 1 : p.input_shape[d];
  return count;
}

// Input elements folded into each output: the product of the reduced dimensions.
inline int64_t ReduceCountPerOutput(const ReduceParams& p) {
  int64_t count = 1;
  for (int32_t d = 0; d < p.rank; ++d) count *= p.reduced[d] != 0 ? p.input_shape[d] : 1;
  return count;
}

// kKernelInvalidParams naming `kernel` and the field when the shape part is inconsistent.
inline Status CheckReduceShape(const ReduceParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.rank >= 1 && p.rank <= kMaxReduceRank, "rank %d not in [1, %d]",
                          p.rank, kMaxReduceRank);
  int64_t elements = 1;
  for (int32_t d = 0; d < p.rank; ++d) {
    ARENASTORE_CHECK_PARAMS(
        kernel, p.input_shape[d] >= 0 && (p.reduced[d] == 0 || p.reduced[d] == 1),
        "dimension %d: size %d must be >= 0, reduced %d 0 or 1", d, p.input_shape[d], p.reduced[d]);
    elements *= p.input_shape[d];
    ARENASTORE_CHECK_PARAMS(kernel, elements <= INT32_MAX, "more than 2^31 input elements");
  }
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.input_zero_point >= -128 && p.input_zero_point <= 127 &&
                              p.output_zero_point >= -128 && p.output_zero_point <= 127,
                          "zero points %d, %d not int8", p.input_zero_point, p.output_zero_point);
  return Status::Ok();
}

// mean's and sum's check: a consistent shape and the multiplier and shift that rescale a sum.
inline Status CheckRescaledReduceParams(const ReduceParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckReduceShape(p, kernel));
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.output_multiplier >= 0 && p.output_shift >= -31 && p.output_shift <= 30,
                          "output_multiplier %d, output_shift %d not in [-31, 30]",
                          p.output_multiplier, p.output_shift);
  return Status::Ok();
}

// reduce_max's and reduce_min's check: a consistent shape, input and output quantized alike (the
// kernel copies an extreme element unchanged).
inline Status CheckExtremumReduceParams(const ReduceParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckReduceShape(p, kernel));
  ARENASTORE_CHECK_PARAMS(kernel, p.input_zero_point == p.output_zero_point,
                          "input zero point %d differs from output zero point %d",
                          p.input_zero_point, p.output_zero_point);
  return Status::Ok();
}

// Calls visit(input_index, output_index) for every input element in order. The shape must have
// passed CheckReduceShape.
template <typename Visit>
void ForEachReduced(const ReduceParams& p, Visit visit) {
  int32_t shape[kMaxReduceRank];
  int32_t output_stride[kMaxReduceRank];  // 0 along reduced dimensions
  int32_t stride = 1;
  for (int32_t d = p.rank - 1; d >= 0; --d) {
    shape[d] = p.input_shape[d];
    output_stride[d] = p.reduced[d] != 0 ? 0 : stride;
    if (p.reduced[d] == 0) stride *= p.input_shape[d];
  }
  int32_t total = 1;
  for (int32_t d = 0; d < p.rank; ++d) total *= shape[d];
  int32_t index[kMaxReduceRank] = {};
  int32_t output_index = 0;
  for (int32_t i = 0; i < total; ++i) {
    visit(i, output_index);
    // Next index, last dimension fastest.
    for (int32_t d = p.rank - 1; d >= 0; --d) {
      output_index += output_stride[d];
      if (++index[d] < shape[d]) break;
      output_index -= output_stride[d] * shape[d];
      index[d] = 0;
    }
  }
}

// The int32 sums mean and sum accumulate, one per output, in scratch.
inline size_t ReduceSumScratchBytes(const ReduceParams& p) {
  if (p.rank < 1 || p.rank > kMaxReduceRank) return 0;
  return sizeof(int32_t) * static_cast<size_t>(ReduceOutputCount(p));
}

// reduce_max (kMax) and reduce_min, as TensorFlow Lite's ReduceGeneric on raw int8 values (input
// and output share quantization): outputs start at the identity (-128 for max, 127 for min).
enum class Extreme : uint8_t { kMax, kMin };
template <Extreme kExtreme>
void ReduceExtreme(const ReduceParams& p, const int8_t* input, int8_t* output) {
  const int64_t outputs = ReduceOutputCount(p);
  const int8_t identity = kExtreme == Extreme::kMax ? -128 : 127;
  for (int64_t o = 0; o < outputs; ++o) output[o] = identity;
  ForEachReduced(p, [&](int32_t i, int32_t o) {
    const bool better = kExtreme == Extreme::kMax ? input[i] > output[o] : input[i] < output[o];
    if (better) output[o] = input[i];
  });
}

}  // namespace arenastore::kernels
