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

// ref's order: per outer index, each input's slab of axis size x inner size bytes in turn.
template <class Bytes>
void ConcatenationWith(const ConcatenationJob& job) {
  const ConcatenationParams& p = *job.params;
  const int8_t* source[kMaxOpInputs];
  ptrdiff_t slab[kMaxOpInputs];
  for (int32_t k = 0; k < p.num_inputs; ++k) {
    source[k] = job.inputs[k];
    slab[k] = static_cast<ptrdiff_t>(p.input_axis_sizes[k]) * p.inner_size;
  }
  int8_t* out = job.output;
  for (int32_t outer = 0; outer < p.outer_size; ++outer) {
    for (int32_t k = 0; k < p.num_inputs; ++k) {
      Bytes::Copy(out, source[k], slab[k]);
      out += slab[k];
      source[k] += slab[k];
    }
  }
}

}  // namespace arenastore::kernels::x86
