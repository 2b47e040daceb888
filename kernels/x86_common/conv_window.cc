#include "kernels/x86_common/conv_window.h"

namespace arenastore::kernels::x86 {

ConvWindow ConvWindowOf(const Conv2dParams& p) {
  ConvWindow w;
  w.padded_w = (p.output_w - 1) * p.stride_w + (p.filter_w - 1) * p.dilation_w + 1;
  w.padded_h = (p.output_h - 1) * p.stride_h + (p.filter_h - 1) * p.dilation_h + 1;
  w.ring_rows = (p.filter_h - 1) * p.dilation_h + 1;
  w.group_c = p.input_c / p.groups;
  w.run_per_filter_row = p.groups == 1 && p.dilation_w == 1;
  w.segments = w.run_per_filter_row ? p.filter_h : p.filter_h * p.filter_w;
  w.segment_elems = w.run_per_filter_row ? p.filter_w * p.input_c : w.group_c;
  return w;
}

}  // namespace arenastore::kernels::x86
