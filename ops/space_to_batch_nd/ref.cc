#include "ops/space_to_batch_nd/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "space_to_batch_nd/ref";

}  // namespace

size_t SpaceToBatchNdScratchBytes(const SpaceToBatchNdParams&) { return 0; }

Status SpaceToBatchNd(const SpaceToBatchNdParams& p, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SpaceToBatchNdScratchBytes(p));
  ARENASTORE_RETURN_IF_ERROR(CheckSpaceToBatchNdParams(p, kName));
  const int32_t in_b = p.input_shape[0], in_h = p.input_shape[1], in_w = p.input_shape[2];
  const int32_t depth = p.input_shape[3];
  const int32_t out_b = p.output_shape[0], out_h = p.output_shape[1], out_w = p.output_shape[2];
  const int8_t pad = static_cast<int8_t>(p.pad_value);
  for (int32_t ob = 0; ob < out_b; ++ob) {
    const int32_t b = ob % in_b, tile = ob / in_b;
    const int32_t shift_h = tile / p.block_w, shift_w = tile % p.block_w;
    for (int32_t y = 0; y < out_h; ++y) {
      const int32_t h = y * p.block_h + shift_h - p.pad_top;
      for (int32_t x = 0; x < out_w; ++x) {
        const int32_t w = x * p.block_w + shift_w - p.pad_left;
        if (h < 0 || h >= in_h || w < 0 || w >= in_w) {
          for (int32_t c = 0; c < depth; ++c) *output++ = pad;
          continue;
        }
        const int8_t* in = input + ((static_cast<int64_t>(b) * in_h + h) * in_w + w) * depth;
        for (int32_t c = 0; c < depth; ++c) *output++ = in[c];
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
