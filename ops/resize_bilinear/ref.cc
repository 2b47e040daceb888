#include "ops/resize_bilinear/ref.h"

#include "kernels/scratch_check.h"
#include "ops/resize_bilinear/bilinear_taps.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "resize_bilinear/ref";

}  // namespace

size_t ResizeBilinearScratchBytes(const ResizeBilinearParams&) { return 0; }

Status ResizeBilinear(const ResizeBilinearParams& params, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ResizeBilinearScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckResizeBilinearParams(params, kName));
  const ptrdiff_t channels = params.channels;
  bilinear::ForEachOutputPixel(
      params, input, output,
      [channels](const bilinear::Taps& taps, const int8_t* image, int8_t* pixel) {
        for (ptrdiff_t c = 0; c < channels; ++c) pixel[c] = bilinear::Blend(taps, image, c);
      });
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
