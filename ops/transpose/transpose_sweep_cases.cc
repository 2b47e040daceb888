// transpose's variant sweep (tests/ops/variant_sweep.h). First walks no transpose builds but its
// params allow: zero and negative steps (a tile read upwards) from a start offset; then random
// shapes of rank 1 to 6 with sizes on and off the vector and tile widths (1 to 70) under random
// permutations, one case in ten the identity, so the x86 kernels' copied-run, 16x16-tile and
// byte-walk paths and their edges all run. Invalid: a start past the input. Freestanding: also
// built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 9201;
constexpr int32_t kRandomCases = 1500;
constexpr int32_t kSizes[] = {1, 2, 3, 5, 15, 16, 17, 31, 32, 33, 48, 70};
// Over a 40x37 input.
struct Walk {
  int32_t rank, count[3], step[3], start;
};
constexpr int32_t kWalkInputElements = 40 * 37;
constexpr Walk kWalks[] = {
    {3, {2, 37, 20}, {0, -1, 37}, 36},
    {2, {37, 40}, {1, -37}, 39 * 37},
    {1, {40}, {-37}, 39 * 37},
};
constexpr int32_t kWalkCases = static_cast<int32_t>(sizeof(kWalks) / sizeof(Walk));

// Redrawn until the input fits the sweep's buffers (the index alone still decides the case).
Status RandomTranspose(Rng& rng, TransposeParams& p, size_t* elements, char* shape,
                       size_t shape_capacity) {
  int32_t rank = 0, sizes[kMaxStridedCopyRank] = {}, perm[kMaxStridedCopyRank] = {};
  do {
    rank = rng.Uniform(1, kMaxStridedCopyRank);
    *elements = 1;
    for (int32_t d = 0; d < rank; ++d) {
      sizes[d] = kSizes[rng.Uniform(0, 11)];  // MakeTransposeParams refuses empty ones
      *elements *= static_cast<size_t>(sizes[d]);
    }
  } while (*elements > kDataBytes);
  for (int32_t d = 0; d < rank; ++d) perm[d] = d;
  if (!rng.Chance(10)) {
    for (int32_t d = rank - 1; d > 0; --d) {  // Fisher-Yates
      const int32_t other = rng.Uniform(0, d);
      const int32_t kept = perm[d];
      perm[d] = perm[other];
      perm[other] = kept;
    }
  }
  size_t used = 0;
  for (int32_t d = 0; d < rank; ++d) {
    used +=
        Format(shape + used, shape_capacity - used, "%s%d(%d)", d ? " " : "", sizes[d], perm[d]);
  }
  return MakeTransposeParams(rank, sizes, perm, &p);
}

Status MakeTranspose(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  TransposeParams& p = out->params.transpose;
  p = {};
  size_t elements = 0;
  if (index < kWalkCases) {
    const Walk& walk = kWalks[index];
    p.rank = walk.rank;
    p.input_elements = kWalkInputElements;
    p.input_start = walk.start;
    for (int32_t d = 0; d < walk.rank; ++d) {
      p.count[d] = walk.count[d];
      p.input_step[d] = walk.step[d];
    }
    elements = kWalkInputElements;
    Format(out->shape, sizeof(out->shape), "walk %d over 40x37", index);
  } else {
    ARENASTORE_RETURN_IF_ERROR(RandomTranspose(rng, p, &elements, out->shape, sizeof(out->shape)));
  }
  out->input_bytes[0] = elements;
  out->output_bytes = static_cast<size_t>(StridedCopyOutputElements(p));
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(out->input_bytes[0], 0, out->output_bytes, 0));
  out->params.kind = OpKind::kTranspose;
  out->params.dtype = KernelDtype::kInt8;
  FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  SetInputs(out, {buffers.input.data()});
  return Status::Ok();
}

// A walk starting at the input's end.
Status MakeInvalidTranspose(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeTranspose(kWalkCases, buffers, out));
  out->params.transpose.input_start = out->params.transpose.input_elements;
  return Status::Ok();
}

}  // namespace

extern const Sweep kTransposeSweep = {OpKind::kTranspose, kWalkCases + kRandomCases, &MakeTranspose,
                                      &MakeInvalidTranspose};

}  // namespace arenastore::kernels::sweep
