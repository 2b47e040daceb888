// The pointwise over-input form's pixel walk, as the Arm variants' own kernels of it run it
// (arm_dsp.cc, arm_mve.cc) within ref's size function: which params it serves and how fast, the
// checks before it trusts them, and the walk. Invariant: output pixel q ends no later than input
// pixel q does (kernels/exec_form.h: a narrower output starts with the input, a wider one on its
// grid ends with it), so copying pixel q before writing its output never loses an unread pixel.
#pragma once

#include <cstddef>

#include "base/status.h"
#include "kernels/exec_form.h"
#include "kernels/scratch_check.h"
#include "ops/conv2d/conv2d.h"

namespace arenastore::kernels {

// kOwnSlower where the walk serves the params (Conv2dOverPixelsApplies: the variant's own code,
// slower than its whole kernel), else kReference (the variant runs ref's rows walk).
inline FormSpeed Conv2dPixelWalkSpeed(const Conv2dParams& params) {
  return Conv2dOverPixelsApplies(params) ? FormSpeed::kOwnSlower : FormSpeed::kReference;
}

// Whether the pixel's copy fits on the stack (kConv2dStackPixelBytes) rather than in the one
// input pixel of scratch ref's size function gives.
inline bool Conv2dPixelCopyOnStack(const Conv2dParams& p) {
  return p.input_c <= kConv2dStackPixelBytes;
}

// The checks a variant's walk runs before trusting `p` and its scratch, as `kernel`.
inline Status CheckConv2dPixelWalk(const Conv2dParams& p, const char* kernel,
                                   size_t scratch_bytes) {
  ARENASTORE_CHECK_SCRATCH(kernel, scratch_bytes,
                           Conv2dPixelCopyOnStack(p) ? 0 : static_cast<size_t>(p.input_c));
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(p, kernel));
  ARENASTORE_CHECK_PARAMS(kernel, Conv2dPixelsInside(p),
                          "the over-input form needs every output pixel inside the input");
  return Status::Ok();
}

// Every output pixel in order, images in order: pixel_fn(input_pixel, output_pixel) copies its
// input pixel and then writes its output over the bytes the input held.
template <typename PixelFn>
[[gnu::always_inline]] inline void WalkConv2dPixels(const Conv2dParams& p, const int8_t* input,
                                                    int8_t* output, PixelFn pixel_fn) {
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t column_step = static_cast<ptrdiff_t>(p.stride_w) * p.input_c;
  const ptrdiff_t row_step = static_cast<ptrdiff_t>(p.stride_h) * p.input_w * p.input_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image_row = input + b * image_elements;
    for (int32_t y = 0; y < p.output_h; ++y, image_row += row_step) {
      const int8_t* pixel = image_row;
      for (int32_t x = 0; x < p.output_w; ++x, pixel += column_step, output += p.output_c) {
        pixel_fn(pixel, output);
      }
    }
  }
}

}  // namespace arenastore::kernels
