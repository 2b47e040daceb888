// The loop nests of the x86 pad and concatenation kernels, shared by the kernel files of
// x86_avx2 and x86_avx512vnni as templates over a `Bytes` policy (the ISA's byte_runs.h):
// Bytes::Copy(dst, src, n) and Bytes::Fill(dst, n, value) move runs of n >= 0 bytes. Each kernel
// file instantiates them with its own policy type (internal linkage), so no instantiation is
// shared between files compiled with different ISA flags. Include only from *_kernel.cc files.
// Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/x86_common/data_movement_entry.h"

namespace arenastore::kernels::x86 {

// ref's loop nest over rows (runs along the innermost, merged dimension) in output order, with
// every stretch of padding between two copied runs written by one Fill.
template <class Bytes>
void PadWith(const PadJob& job) {
  static_assert(kMaxPadRank == 5, "the loop nest below has one loop per dimension");
  auto inside = [&job](int d, int32_t position) {
    return position >= job.before[d] && position < job.before[d] + job.input[d];
  };
  const ptrdiff_t row = job.output[4];
  const int8_t* in = job.in;
  int8_t* out = job.out;
  ptrdiff_t pending = 0;  // pad bytes owed before the next copied run
  for (int32_t i0 = 0; i0 < job.output[0]; ++i0) {
    for (int32_t i1 = 0; i1 < job.output[1]; ++i1) {
      for (int32_t i2 = 0; i2 < job.output[2]; ++i2) {
        for (int32_t i3 = 0; i3 < job.output[3]; ++i3) {
          if (!(inside(0, i0) && inside(1, i1) && inside(2, i2) && inside(3, i3))) {
            pending += row;
            continue;
          }
          pending += job.before[4];
          Bytes::Fill(out, pending, job.value);
          out += pending;
          Bytes::Copy(out, in, job.input[4]);
          out += job.input[4];
          in += job.input[4];
          pending = job.after[4];
        }
      }
    }
  }
  Bytes::Fill(out, pending, job.value);
}

// `rows` runs of `bytes` in [N, 2N) bytes, from consecutive source runs to destination runs
// `dst_stride` apart, each as two N-byte moves (overlapping unless bytes == N). Templated on the
// policy only so every instantiation has the policy's internal linkage.
template <class Bytes, int N>
void CopyShortRows(int8_t* dst, ptrdiff_t dst_stride, const int8_t* src, ptrdiff_t bytes,
                   int32_t rows) {
  char head[N];
  char tail[N];
  if (bytes == N) {
    for (int32_t r = 0; r < rows; ++r, dst += dst_stride, src += N) {
      __builtin_memcpy(head, src, N);
      __builtin_memcpy(dst, head, N);
    }
    return;
  }
  for (int32_t r = 0; r < rows; ++r, dst += dst_stride, src += bytes) {
    __builtin_memcpy(head, src, N);
    __builtin_memcpy(tail, src + bytes - N, N);
    __builtin_memcpy(dst, head, N);
    __builtin_memcpy(dst + bytes - N, tail, N);
  }
}

// Every input's slabs (axis size x inner size bytes, one per outer index) to their place in the
// output rows, an input at a time: the output equals ref's, which writes the same bytes in
// output order (the inputs do not overlap the output), and a short slab's copy is chosen once
// per input instead of once per slab.
template <class Bytes>
void ConcatenationWith(const ConcatenationJob& job) {
  const ConcatenationParams& p = *job.params;
  ptrdiff_t row = 0;
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    row += static_cast<ptrdiff_t>(p.input_axis_sizes[k]) * p.inner_size;
  }
  int8_t* out = job.output;
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    const ptrdiff_t slab = static_cast<ptrdiff_t>(p.input_axis_sizes[k]) * p.inner_size;
    const int8_t* in = job.inputs[k];
    const int32_t rows = p.outer_size;
    if (rows == 1 && in == out) {  // the planner had its producer write it in place
    } else if (slab >= 64) {
      for (int32_t r = 0; r < rows; ++r) Bytes::Copy(out + r * row, in + r * slab, slab);
    } else if (slab >= 32) {
      CopyShortRows<Bytes, 32>(out, row, in, slab, rows);
    } else if (slab >= 16) {
      CopyShortRows<Bytes, 16>(out, row, in, slab, rows);
    } else if (slab >= 8) {
      CopyShortRows<Bytes, 8>(out, row, in, slab, rows);
    } else if (slab >= 4) {
      CopyShortRows<Bytes, 4>(out, row, in, slab, rows);
    } else if (slab >= 2) {
      CopyShortRows<Bytes, 2>(out, row, in, slab, rows);
    } else if (slab == 1) {
      CopyShortRows<Bytes, 1>(out, row, in, slab, rows);
    }
    out += slab;
  }
}

}  // namespace arenastore::kernels::x86
