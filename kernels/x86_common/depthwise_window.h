// DepthwiseWindow: how both x86 depthwise_conv2d variants read the input: a ring of padded rows
// of int32 (x - input_zp, 0 in the padding), one value per *output* channel (an input channel
// repeated depth_multiplier times), so every tap is one multiply per lane. When the horizontal
// stride is 1 and the channel count C is a power of two up to 8 vectors (8 * lanes), an output
// row is one flat run of output_w * C lanes ("flat") whose weights repeat every `period` =
// max(C, lanes) lanes, so a few weight vectors per tap serve many vectors of the run;
// otherwise each output pixel is a run of C lanes (period: C rounded up to whole vectors).
// Used by the portable entry files and the kernel files. Plain data; freestanding.
#pragma once

#include <cstdint>

#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

struct DepthwiseWindow {
  int32_t padded_w;   // columns of a padded row: exactly those the output reads
  int32_t ring_rows;  // (filter_h - 1) * dilation_h + 1
  int32_t taps;       // filter_h * filter_w
  bool flat;          // an output row is one run (see above)
  int32_t period;     // lanes of expanded weights and requantization constants (see above)
};

// Meaningful for params that pass the depthwise checks and have a non-empty output.
DepthwiseWindow DepthwiseWindowOf(const DepthwiseConv2dParams& params, int32_t lanes);

}  // namespace arenastore::kernels::x86
