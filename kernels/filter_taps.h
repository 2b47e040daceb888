// FilterTaps: the filter taps along one dimension whose (strided, dilated) input position lies
// inside the input, for one output position. Used by the ref conv2d and depthwise_conv2d kernels
// so they skip padded taps once per output pixel instead of testing every tap for every channel,
// which is what lets them read the input directly and need no scratch. Header-only, freestanding,
// allocation-free; never fails (an empty range when no tap is inside).
#pragma once

#include <cstdint>

namespace arenastore::kernels::ref {

struct FilterTaps {
  int32_t begin, end;  // taps [begin, end), each reading origin + tap * dilation

  bool Empty() const { return begin >= end; }
};

// Taps k in [0, filter_size) with 0 <= origin + k * dilation < input_size; dilation >= 1.
// 64-bit intermediates so extreme (but validated) geometry cannot overflow.
inline FilterTaps FilterTapsInside(int32_t origin, int32_t dilation, int32_t filter_size,
                                   int32_t input_size) {
  const int64_t step = dilation;
  const int64_t first = origin >= 0 ? 0 : (-int64_t{origin} + step - 1) / step;
  const int64_t room = int64_t{input_size} - origin;  // positions left from origin on
  const int64_t last = room > 0 ? (room + step - 1) / step : 0;
  const int64_t begin = first < filter_size ? first : filter_size;
  const int64_t end = last < filter_size ? last : filter_size;
  return {static_cast<int32_t>(begin), static_cast<int32_t>(end > begin ? end : begin)};
}

}  // namespace arenastore::kernels::ref
