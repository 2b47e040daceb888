// Tap bookkeeping of the x86 transpose_conv2d kernels (gather form, see
// x86_common/transpose_conv2d_entry.h), shared by the kernel files of x86_avx2 and
// x86_avx512vnni: plain integer code with internal linkage (unnamed namespace), so each kernel
// file compiles its own copy with its own flags and none is picked by the linker for another.
// Include only from *_kernel.cc files. Never allocates.
#pragma once

#include <cstdint>

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

}  // namespace
}  // namespace arenastore::kernels::x86
