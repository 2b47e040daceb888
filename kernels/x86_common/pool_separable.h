// The walk both pools' separable x86 kernels share on either ISA (average_pool2d and max_pool2d,
// x86_avx2 and x86_avx512vnni): an output row split into chunks whose window columns fit the
// kernel's stack buffers, and a chunk's output rows on two column buffers. The vector work, the
// vertical pass (`fill`) and the horizontal one (`pool`), is the kernel file's. No intrinsics, so
// it compiles in any kernel file; never allocates.
#pragma once

#include <cstdint>

#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

// chunk(ox0, nx) for consecutive output pixels [ox0, ox0 + nx) covering an output row: at most
// chunk_capacity / channels pixels, few enough that the (nx - 1) * stride + filter_w columns they
// read, of every channel, fit column_capacity elements.
template <typename Chunk>
void ForEachPoolChunk(const Pool2dParams& p, int32_t column_capacity, int32_t chunk_capacity,
                      Chunk&& chunk) {
  const int32_t c = p.channels;
  const int32_t by_columns = (column_capacity / c - p.filter_w) / p.stride_w + 1;
  const int32_t per_chunk = chunk_capacity / c < by_columns ? chunk_capacity / c : by_columns;
  for (int32_t ox0 = 0; ox0 < p.output_w; ox0 += per_chunk) {
    chunk(ox0, p.output_w - ox0 < per_chunk ? p.output_w - ox0 : per_chunk);
  }
}

// Every output row n = b * output_h + oy of every batch, on two column buffers:
// fill(b, oy, buffer, reading) computes row (b, oy)'s window columns into `buffer` while
// `reading` (null for the first row) holds the row about to be pooled, and pool(n, oy, columns)
// pools row n from its columns. Row n + 1 is filled before row n is pooled, so no read of a
// column waits for a store still in flight.
template <typename T, typename Fill, typename Pool>
void ForEachPoolRow(const Pool2dParams& p, T (&buffers)[2], Fill&& fill, Pool&& pool) {
  const int32_t total_rows = p.batches * p.output_h;
  fill(0, 0, buffers[0], nullptr);
  for (int32_t n = 0; n < total_rows; ++n) {
    const int32_t oy = n % p.output_h;
    const auto columns = buffers[n & 1];
    if (n + 1 < total_rows) {
      const int32_t next_b = (n + 1) / p.output_h;
      fill(next_b, n + 1 - next_b * p.output_h, buffers[(n + 1) & 1], columns);
    }
    pool(n, oy, columns);
  }
}

}  // namespace arenastore::kernels::x86
