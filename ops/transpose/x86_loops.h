// The loop nest of transpose's x86 kernels (see x86.h), shared by the kernel files of x86_avx2
// and x86_avx512vnni as a template over the ISA's byte runs (`Moves`, x86_<isa>/byte_runs.h, a
// type of each ISA's namespace, so each file instantiates its own copy): Moves::Copy(dst, src, n)
// copies a run of n bytes; 16x16 byte tiles go through x86_tile16.h. Include only from
// *_kernel.cc files. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ops/transpose/x86.h"
#include "ops/transpose/x86_tile16.h"

namespace arenastore::kernels::x86 {

// out[a * cols + b] = in[a + b * stride] for a < rows, b < cols: whole 16x16 tiles with
// TransposeTile16, the edges byte by byte.
template <class Moves>
void TransposeBlock(const int8_t* in, int64_t stride, int8_t* out, int32_t rows, int32_t cols) {
  int32_t b = 0;
  for (; b + 16 <= cols; b += 16) {
    int32_t a = 0;
    for (; a + 16 <= rows; a += 16) {
      TransposeTile16<Moves>(in + a + b * stride, stride, out + int64_t{a} * cols + b, cols);
    }
    for (; a < rows; ++a) {
      for (int32_t k = b; k < b + 16; ++k) out[int64_t{a} * cols + k] = in[a + k * stride];
    }
  }
  if (b == cols) return;
  for (int32_t a = 0; a < rows; ++a) {
    for (int32_t k = b; k < cols; ++k) out[int64_t{a} * cols + k] = in[a + k * stride];
  }
}

// The job's walk in output order: the innermost dimension as a copied run when its step is 1,
// the last two as a tile transpose when the next-to-last's step is 1, else byte by byte.
template <class Moves>
void TransposeWith(const TransposeJob& job) {
  const int32_t last = job.rank - 1;
  const int32_t row = job.count[last], step = job.step[last];
  const bool run = step == 1;
  const bool tile = !run && last >= 1 && job.step[last - 1] == 1;
  const int32_t outer = tile ? last - 1 : last;  // dimensions walked around each block
  const int32_t rows = tile ? job.count[last - 1] : 1;
  const int64_t block = int64_t{rows} * row;  // output bytes per block
  int32_t index[kMaxStridedCopyRank] = {};
  int64_t source = 0;
  int8_t* out = job.out;
  for (;;) {
    const int8_t* in = job.in + source;
    if (run) {
      Moves::Copy(out, in, row);
    } else if (tile) {
      TransposeBlock<Moves>(in, step, out, rows, row);
    } else {
      for (int32_t i = 0; i < row; ++i) out[i] = in[int64_t{i} * step];
    }
    out += block;
    int32_t d = outer - 1;  // advance the outer dimensions like an odometer
    for (; d >= 0; --d) {
      source += job.step[d];
      if (++index[d] < job.count[d]) break;
      source -= int64_t{job.step[d]} * job.count[d];
      index[d] = 0;
    }
    if (d < 0) return;
  }
}

}  // namespace arenastore::kernels::x86
