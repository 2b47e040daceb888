// transpose/x86_avx2's loop (see x86.h): x86_loops.h over this variant's byte runs and the
// 16x16 byte-tile transpose of x86_tile16.h; compiled with the AVX2 flags.
#include "kernels/x86_avx2/byte_runs.h"
#include "ops/transpose/x86.h"
#include "ops/transpose/x86_loops.h"
#include "ops/transpose/x86_tile16.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

struct Moves : ByteRuns {
  static void Tile16(const int8_t* src, int64_t src_stride, int8_t* dst, int64_t dst_stride) {
    x86::TransposeTile16<Moves>(src, src_stride, dst, dst_stride);
  }
};

}  // namespace

void RunTranspose(const x86::TransposeJob& job) { x86::TransposeWith<Moves>(job); }

}  // namespace arenastore::kernels::x86_avx2::internal
