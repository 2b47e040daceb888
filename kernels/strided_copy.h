// StridedCopyParams: one affine walk over input bytes (int8 elements, or int16 ones widened to
// bytes by kernels/strided_copy_widen.h), writing the output in row-major order: the loop nest
// behind the ops that only move bytes (transpose, the slices, reverse_v2, broadcast_to,
// space_to_depth, depth_to_space). Each op's unit builds it from its options; its ref kernel runs
// it (RunStridedCopy; strided_slice's x86 variants move rows with vectors). Invariant
// (CheckStridedCopyParams): every input element the walk reads lies in [0, input_elements).
// Freestanding, header-only, never allocates.
#pragma once

#include <cstdint>
#include <span>

#include "kernels/checked_entry.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

inline constexpr int kMaxStridedCopyRank = 6;

struct StridedCopyParams {
  int32_t rank;                             // dimensions of the walk, 1 .. kMaxStridedCopyRank
  int32_t count[kMaxStridedCopyRank];       // output elements along each dimension (row-major)
  int32_t input_step[kMaxStridedCopyRank];  // input elements advanced per step (may be <= 0)
  int32_t input_start;                      // input element read for output element 0
  int32_t input_elements;                   // the input's element count (bounds of the walk)
};

// The output's element count (0 when any dimension is empty); the params are checked.
inline int64_t StridedCopyOutputElements(const StridedCopyParams& p) {
  int64_t elements = 1;
  for (int32_t d = 0; d < p.rank; ++d) elements *= p.count[d];
  return elements;
}

// kKernelInvalidParams naming `kernel` unless the rank is in range, the counts non-negative,
// the output fits int32 and every element the walk reads lies inside the input.
inline Status CheckStridedCopyParams(const StridedCopyParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.rank >= 1 && p.rank <= kMaxStridedCopyRank,
                          "rank %d not in [1, %d]", p.rank, kMaxStridedCopyRank);
  ARENASTORE_CHECK_PARAMS(kernel, p.input_elements >= 0, "negative input size %d",
                          p.input_elements);
  int64_t elements = 1, lowest = p.input_start, highest = p.input_start;
  for (int32_t d = 0; d < p.rank; ++d) {
    ARENASTORE_CHECK_PARAMS(kernel, p.count[d] >= 0, "dimension %d has negative count %d", d,
                            p.count[d]);
    ARENASTORE_CHECK_PARAMS(
        kernel, p.input_step[d] >= -p.input_elements && p.input_step[d] <= p.input_elements,
        "dimension %d steps %d elements over an input of %d", d, p.input_step[d], p.input_elements);
    elements *= p.count[d];
    ARENASTORE_CHECK_PARAMS(kernel, elements <= INT32_MAX, "output exceeds 2^31 elements");
    if (p.count[d] > 0) {
      const int64_t reach = int64_t{p.count[d] - 1} * p.input_step[d];
      (reach < 0 ? lowest : highest) += reach;
    }
  }
  if (elements == 0) return Status::Ok();
  ARENASTORE_CHECK_PARAMS(kernel, lowest >= 0 && highest < p.input_elements,
                          "the walk reads elements [%lld, %lld] of an input of %d",
                          static_cast<long long>(lowest), static_cast<long long>(highest),
                          p.input_elements);
  return Status::Ok();
}

// Whether checked params read one contiguous run of the input, in order: input_start onwards,
// each output element the next input element. The planner then places the output inside the
// input's bytes at input_start (no copy), and RunStridedCopyWith finds it in place.
inline bool StridedCopyIsContiguous(const StridedCopyParams& p) {
  int64_t run = 1;  // input elements one step of the current dimension must advance
  for (int32_t d = p.rank - 1; d >= 0; --d) {
    if (p.count[d] > 1 && p.input_step[d] != run) return false;
    run *= p.count[d];
  }
  return true;
}

// Runs checked params: output[i0, ..., i_{rank-1}] = input[input_start + sum_d i_d * step_d],
// a row (the innermost dimension) at a time: `Runs::Copy(dst, src, n)` moves a row whose input
// step is 1 (ByteLoop for the ref kernels; an x86 variant passes its vector byte runs), other
// rows go element by element. An output already in place (aliased by the planner) is left.
template <class Runs>
inline void RunStridedCopyWith(const StridedCopyParams& p, const int8_t* input, int8_t* output) {
  if (StridedCopyOutputElements(p) == 0) return;
  if (output == input + p.input_start && StridedCopyIsContiguous(p)) return;  // already in place
  int32_t index[kMaxStridedCopyRank] = {};
  const int32_t last = p.rank - 1;
  const int32_t row = p.count[last], step = p.input_step[last];
  int64_t source = p.input_start;  // input element of the current row's first output
  for (;;) {
    const int8_t* in = input + source;
    if (step == 1) {
      Runs::Copy(output, in, row);
    } else {
      for (int32_t i = 0; i < row; ++i) output[i] = in[static_cast<int64_t>(i) * step];
    }
    output += row;
    // Advance the outer dimensions like an odometer.
    int32_t d = last - 1;
    for (; d >= 0; --d) {
      source += p.input_step[d];
      if (++index[d] < p.count[d]) break;
      source -= int64_t{p.count[d]} * p.input_step[d];
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

// The ref kernels' row move: a byte at a time.
struct ByteLoop {
  static void Copy(int8_t* dst, const int8_t* src, int32_t bytes) {
    for (int32_t i = 0; i < bytes; ++i) dst[i] = src[i];
  }
};

inline void RunStridedCopy(const StridedCopyParams& p, const int8_t* input, int8_t* output) {
  RunStridedCopyWith<ByteLoop>(p, input, output);
}

// A ref kernel's whole entry for an op that only moves bytes: no scratch, the op's own params
// check (`check`, naming `kernel`), then the walk.
inline Status CheckedStridedCopy(const char* kernel, const StridedCopyParams& p,
                                 Status (*check)(const StridedCopyParams&, const char*),
                                 const int8_t* input, int8_t* output, std::span<uint8_t> scratch) {
  return CheckedEntry(kernel, scratch, 0, p, check, [&] { RunStridedCopy(p, input, output); });
}

// Row-major strides (in elements) of a shape of `rank` dimensions; false when a dimension is
// negative or the shape holds more than INT32_MAX elements (the strides are then partial). The
// product is taken in 64 bits and checked at each step: a hostile shape cannot overflow it.
inline bool RowMajorStrides(int32_t rank, const int32_t* shape, int32_t* strides) {
  int64_t stride = 1;
  for (int32_t d = rank - 1; d >= 0; --d) {
    if (shape[d] < 0) return false;
    strides[d] = static_cast<int32_t>(stride);
    stride *= shape[d];
    if (stride > INT32_MAX) return false;
  }
  return true;
}

// The walk of a slice: along input dimension d, count[d] elements from begin[d] every
// stride[d] (negative strides walk backwards). kKernelInvalidParams (naming `kernel`) unless
// the rank is in range and every element read lies inside the input.
inline Status MakeSliceWalk(int32_t rank, const int32_t* input_shape, const int32_t* begin,
                            const int32_t* stride, const int32_t* count, const char* kernel,
                            StridedCopyParams* p) {
  ARENASTORE_CHECK_PARAMS(kernel, rank >= 1 && rank <= kMaxStridedCopyRank,
                          "rank %d not in [1, %d]", rank, kMaxStridedCopyRank);
  int32_t strides[kMaxStridedCopyRank] = {};
  ARENASTORE_CHECK_PARAMS(kernel, RowMajorStrides(rank, input_shape, strides),
                          "input shape has a negative size or exceeds 2^31 elements");
  *p = StridedCopyParams{};
  p->rank = rank;
  int64_t start = 0, elements = 1;
  for (int32_t d = 0; d < rank; ++d) {
    ARENASTORE_CHECK_PARAMS(
        kernel,
        input_shape[d] >= 0 && count[d] >= 0 &&
            (count[d] == 0 ||
             (begin[d] >= 0 && begin[d] < input_shape[d] &&
              int64_t{begin[d]} + int64_t{count[d] - 1} * stride[d] >= 0 &&
              int64_t{begin[d]} + int64_t{count[d] - 1} * stride[d] < input_shape[d])),
        "dimension %d: %d elements from %d every %d leave the size %d", d, count[d], begin[d],
        stride[d], input_shape[d]);
    elements *= input_shape[d];
    ARENASTORE_CHECK_PARAMS(kernel, elements <= INT32_MAX, "input exceeds 2^31 elements");
    p->count[d] = count[d];
    // |stride| may exceed the dimension only where a single element is read.
    p->input_step[d] = count[d] > 1 ? stride[d] * strides[d] : 0;
    start += int64_t{count[d] > 0 ? begin[d] : 0} * strides[d];
  }
  p->input_start = static_cast<int32_t>(start);
  p->input_elements = static_cast<int32_t>(elements);
  return CheckStridedCopyParams(*p, kernel);
}

}  // namespace arenastore::kernels
