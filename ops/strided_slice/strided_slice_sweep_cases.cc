// strided_slice's variant sweep (tests/ops/variant_sweep.h). First an empty slice (nothing may
// be written); then every innermost run length from 1 to 200 bytes at every start offset modulo
// 4 (the x86 kernels' vector moves, their overlapping tails and the byte tails); then random
// slices of rank 1 to 6 taking along each dimension everything, a stride-1 stretch, every k-th
// element forwards or backwards, or one element, the innermost mostly a stride-1 run of sizes on
// and off the vector widths (the vector row moves) and otherwise strided (the element walk).
// Invalid: a start past the input. Freestanding: also built into the device's kernel_check.
#include "base/format.h"
#include "tests/ops/variant_sweep.h"

namespace arenastore::kernels::sweep {
namespace {

constexpr uint32_t kSeed = 9301;
constexpr int32_t kRunLengths = 200;
constexpr int32_t kRandomCases = 1500;
constexpr int32_t kSizes[] = {1, 2, 3, 5, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 130};

struct Slice {
  int32_t rank;
  int32_t shape[kMaxStridedCopyRank], begin[kMaxStridedCopyRank], stride[kMaxStridedCopyRank],
      count[kMaxStridedCopyRank];

  size_t InputCount() const {
    size_t n = 1;
    for (int32_t d = 0; d < rank; ++d) n *= static_cast<size_t>(shape[d]);
    return n;
  }
};

// One dimension of `size`: everything, a stretch with stride 1, every k-th element either way,
// or one element; the innermost mostly a stretch.
void RandomDimension(Rng& rng, int32_t size, bool innermost, Slice& s, int32_t d) {
  int32_t begin = 0, stride = 1, count = size;
  const int32_t kind = innermost && rng.Chance(70) ? 1 : rng.Uniform(0, 3);
  if (kind == 1) {
    begin = rng.Uniform(0, size - 1);
    count = rng.Uniform(1, size - begin);
  } else if (kind == 2) {
    stride = rng.Uniform(1, 4);
    if (rng.Chance(50)) stride = -stride;
    begin = rng.Uniform(0, size - 1);
    const int32_t room = stride > 0 ? size - 1 - begin : begin;
    count = 1 + rng.Uniform(0, room / (stride > 0 ? stride : -stride));
  } else if (kind == 3) {
    begin = rng.Uniform(0, size - 1);
    stride = rng.Uniform(-3, 3);
    count = 1;
  }
  s.shape[d] = size;
  s.begin[d] = begin;
  s.stride[d] = stride == 0 ? 1 : stride;
  s.count[d] = count;
}

// Redrawn until the input fits the sweep's buffers (the index alone still decides the case).
void RandomSlice(Rng& rng, Slice& s) {
  do {
    s.rank = rng.Uniform(1, kMaxStridedCopyRank);
    for (int32_t d = 0; d < s.rank; ++d) {
      const bool innermost = d == s.rank - 1;
      RandomDimension(rng, kSizes[rng.Uniform(0, innermost ? 14 : 9)], innermost, s, d);
    }
  } while (s.InputCount() > kDataBytes);
}

// A 3x204 input, sliced along its rows from `run` % 4 for `run` bytes (0: an empty slice of a
// 4x9 input).
void RunSlice(int32_t run, Slice& s) {
  s.rank = 2;
  s.shape[0] = run == 0 ? 4 : 3;
  s.shape[1] = run == 0 ? 9 : 204;
  s.begin[0] = run == 0 ? 1 : 0;
  s.begin[1] = run % 4;
  s.stride[0] = s.stride[1] = 1;
  s.count[0] = run == 0 ? 0 : 3;
  s.count[1] = run == 0 ? 9 : run;
}

Status MakeStridedSlice(int32_t index, const Buffers& buffers, Case* out) {
  Rng rng(kSeed, index);
  Slice s{};
  if (index <= kRunLengths) {
    RunSlice(index, s);
  } else {
    RandomSlice(rng, s);
  }
  StridedSliceParams& p = out->params.strided_slice;
  ARENASTORE_RETURN_IF_ERROR(
      MakeSliceWalk(s.rank, s.shape, s.begin, s.stride, s.count, "strided_slice sweep", &p));
  out->input_bytes[0] = s.InputCount();
  out->output_bytes = static_cast<size_t>(StridedCopyOutputElements(p));
  ARENASTORE_RETURN_IF_ERROR(CheckCaseFits(out->input_bytes[0], 0, out->output_bytes, 0));
  out->params.kind = OpKind::kStridedSlice;
  out->params.dtype = KernelDtype::kInt8;
  FillTowardEdges(rng, buffers.input.data(), out->input_bytes[0]);
  SetInputs(out, {buffers.input.data()});
  size_t used = 0;
  for (int32_t d = 0; d < s.rank; ++d) {
    used += Format(out->shape + used, sizeof(out->shape) - used, "%s%d:%d/%dx%d", d ? " " : "",
                   s.shape[d], s.begin[d], s.stride[d], s.count[d]);
  }
  return Status::Ok();
}

// A walk starting at the input's end.
Status MakeInvalidStridedSlice(const Buffers& buffers, Case* out) {
  ARENASTORE_RETURN_IF_ERROR(MakeStridedSlice(1, buffers, out));
  out->params.strided_slice.input_start = out->params.strided_slice.input_elements;
  return Status::Ok();
}

}  // namespace

extern const Sweep kStridedSliceSweep = {OpKind::kStridedSlice, 1 + kRunLengths + kRandomCases,
                                         &MakeStridedSlice, &MakeInvalidStridedSlice};

}  // namespace arenastore::kernels::sweep
