// ConvWindow: how both x86 conv2d variants read the input. The input is copied, a row at a time,
// into a ring of "padded rows" that already hold the zero point where the window overhangs the
// image (so the inner loops never test bounds); each output pixel's window is then a few
// contiguous runs ("segments") of such a row: one per filter row when a filter row is one run of
// memory (one group, no horizontal dilation), else one per filter tap. Sizes are in elements;
// each ISA chooses its element type. Used by the portable entry files and the kernel files.
// Plain data and pure functions; freestanding, never allocates.
#pragma once

#include <cstdint>

#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

struct ConvWindow {
  int32_t padded_w;         // columns of a padded row: exactly those the output reads
  int32_t padded_h;         // padded rows the output reads
  int32_t ring_rows;        // rows one output row needs at once: (filter_h - 1) * dilation_h + 1
  int32_t group_c;          // input channels per group
  int32_t segments;         // runs per output pixel and group
  int32_t segment_elems;    // elements per run
  bool run_per_filter_row;  // true: segment s is filter row s; false: segment s is tap s
};

// Meaningful for params that pass the conv2d checks and have a non-empty output.
ConvWindow ConvWindowOf(const Conv2dParams& params);

}  // namespace arenastore::kernels::x86
