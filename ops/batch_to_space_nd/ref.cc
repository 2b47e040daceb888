#include "ops/batch_to_space_nd/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "batch_to_space_nd/ref";

}  // namespace

size_t BatchToSpaceNdScratchBytes(const BatchToSpaceNdParams&) { return 0; }

Status BatchToSpaceNd(const BatchToSpaceNdParams& p, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), BatchToSpaceNdScratchBytes(p));
  ARENASTORE_RETURN_IF_ERROR(CheckBatchToSpaceNdParams(p, kName));
  const int32_t in_h = p.input_shape[1], in_w = p.input_shape[2], depth = p.input_shape[3];
  const int32_t out_b = p.output_shape[0], out_h = p.output_shape[1], out_w = p.output_shape[2];
  // Output in order; each pixel's source found from its tile offset.
  for (int32_t b = 0; b < out_b; ++b) {
    for (int32_t y = 0; y < out_h; ++y) {
      const int32_t padded_y = y + p.crop_top;
      const int32_t h = padded_y / p.block_h, oy = padded_y % p.block_h;
      for (int32_t x = 0; x < out_w; ++x) {
        const int32_t padded_x = x + p.crop_left;
        const int32_t w = padded_x / p.block_w, ox = padded_x % p.block_w;
        const int32_t in_b = (oy * p.block_w + ox) * out_b + b;
        const int8_t* in = input + ((static_cast<int64_t>(in_b) * in_h + h) * in_w + w) * depth;
        for (int32_t c = 0; c < depth; ++c) *output++ = in[c];
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
