// Tap bookkeeping of the x86 transpose_conv2d kernels (gather form, see
// x86_common/transpose_conv2d_entry.h), shared by the kernel files of x86_avx2 and
// x86_avx512vnni: plain integer code with internal linkage (unnamed namespace), so each kernel
// file compiles its own copy with its own flags and none is picked by the linker for another.
// Include only from *_kernel.cc files. Never allocates. Also the bookkeeping the ISAs' phase
// kernels share (x86_common/transpose_conv2d_entry.h).
#pragma once

#include <cstdint>

#include "kernels/op_params.h"
#include "kernels/x86_common/transpose_conv2d_entry.h"

namespace arenastore::kernels::x86 {
namespace {

// An output position along one dimension plus the padding before it, n, with n / stride and
// n % stride kept by counting (no division per pixel): its taps are the filter offsets f = n %
// stride, f + stride, ... below min(n + 1, filter) whose input position (n - f) / stride lies
// inside the image; the first such input position is `input`, and each next tap's is one less.
struct Position {
  int32_t n, remainder, quotient;
};

inline Position PositionAt(int32_t n, int32_t stride) {
  return n < 0 ? Position{n, 0, 0} : Position{n, n % stride, n / stride};
}

inline void Advance(Position& at, int32_t stride) {
  if (++at.n <= 0) return;
  if (++at.remainder == stride) {
    at.remainder = 0;
    ++at.quotient;
  }
}

struct TapRange {
  int32_t first, end;  // filter offsets first, first + stride, ... below end
  int32_t input;       // input position of tap `first`
};

inline TapRange TapsOf(const Position& at, int32_t stride, int32_t filter, int32_t count) {
  if (at.n < 0) return {0, 0, 0};
  TapRange taps{at.remainder, at.n + 1 < filter ? at.n + 1 : filter, at.quotient};
  if (taps.input > count - 1) {
    taps.first += (taps.input - (count - 1)) * stride;
    taps.input = count - 1;
  }
  return taps;
}

// ---- Phase form.

inline int32_t FloorDiv(int32_t n, int32_t d) { return n >= 0 ? n / d : -((-n + d - 1) / d); }

// Taps of phase r along a dimension: filter offsets r, r + stride, ... below `filter`.
inline int32_t PhaseTaps(int32_t r, int32_t filter, int32_t stride) {
  return r < filter ? (filter - r + stride - 1) / stride : 0;
}

// A phase kernel's output columns, in segments of whole strides (`width` columns, at most the
// kernel's buffer): segment k covers [k * width, ...) and its column k * width + j (j < count)
// lies in column phase phase[j], reading framed column input[j] + k * step for its tap 0; the
// column phase has step pixels in a full segment and last[j] in the last one.
struct PhaseColumns {
  int32_t width, segments, last_width, step, count;
  int32_t input[kMaxPhases], phase[kMaxPhases], last[kMaxPhases];
};

inline PhaseColumns PhaseColumnsOf(const TransposeConv2dParams& p, int32_t origin_x,
                                   int32_t buffer_pixels) {
  PhaseColumns c;
  c.width = buffer_pixels / p.stride_w * p.stride_w;
  c.segments = (p.output_w + c.width - 1) / c.width;
  c.last_width = p.output_w - (c.segments - 1) * c.width;
  c.step = c.width / p.stride_w;
  c.count = p.stride_w < p.output_w ? p.stride_w : p.output_w;
  for (int32_t j = 0; j < c.count; ++j) {
    const int32_t q = FloorDiv(j + p.pad_left, p.stride_w);
    c.input[j] = q - origin_x;
    c.phase[j] = j + p.pad_left - q * p.stride_w;
    c.last[j] = j < c.last_width ? (c.last_width - j + p.stride_w - 1) / p.stride_w : 0;
  }
  return c;
}

}  // namespace
}  // namespace arenastore::kernels::x86
