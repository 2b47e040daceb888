#include "kernels/x86_common/depthwise_window.h"

namespace arenastore::kernels::x86 {

DepthwiseWindow DepthwiseWindowOf(const DepthwiseConv2dParams& p, int32_t lanes) {
  DepthwiseWindow w;
  w.padded_w = (p.output_w - 1) * p.stride_w + (p.filter_w - 1) * p.dilation_w + 1;
  w.ring_rows = (p.filter_h - 1) * p.dilation_h + 1;
  w.taps = p.filter_h * p.filter_w;
  const int32_t c = p.output_c;
  const int32_t run_lanes = 8 * lanes;
  w.flat = p.stride_w == 1 && c > 0 && c <= run_lanes && run_lanes % c == 0;
  w.period = w.flat && c < lanes ? lanes : (c + lanes - 1) / lanes * lanes;
  return w;
}

}  // namespace arenastore::kernels::x86
