#include "ops/mirror_pad/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "mirror_pad/ref";

// The input index that output index `i` of one dimension reads.
int32_t SourceIndex(int32_t i, int32_t before, int32_t size, int32_t edge_excluded) {
  if (i < before) return before - i - 1 + edge_excluded;
  i -= before;
  if (i < size) return i;
  return size - 1 - edge_excluded - (i - size);
}

}  // namespace

size_t MirrorPadScratchBytes(const MirrorPadParams&) { return 0; }

Status MirrorPad(const MirrorPadParams& p, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), MirrorPadScratchBytes(p));
  ARENASTORE_RETURN_IF_ERROR(CheckMirrorPadParams(p, kName));
  int32_t out_shape[kMaxMirrorPadRank] = {}, in_stride[kMaxMirrorPadRank] = {};
  int32_t stride = 1;
  for (int32_t d = p.rank - 1; d >= 0; --d) {
    out_shape[d] = p.input_shape[d] + p.before[d] + p.after[d];
    in_stride[d] = stride;
    stride *= p.input_shape[d];
  }
  // Output in row-major order, an odometer over its index; rows along the last dimension.
  int32_t index[kMaxMirrorPadRank] = {};
  const int32_t last = p.rank - 1;
  for (;;) {
    int32_t row_source = 0;
    for (int32_t d = 0; d < last; ++d) {
      row_source +=
          SourceIndex(index[d], p.before[d], p.input_shape[d], p.edge_excluded) * in_stride[d];
    }
    for (int32_t i = 0; i < out_shape[last]; ++i) {
      *output++ =
          input[row_source + SourceIndex(i, p.before[last], p.input_shape[last], p.edge_excluded)];
    }
    int32_t d = last - 1;
    for (; d >= 0; --d) {
      if (++index[d] < out_shape[d]) break;
      index[d] = 0;
    }
    if (d < 0) return Status::Ok();
  }
}

}  // namespace arenastore::kernels::ref
