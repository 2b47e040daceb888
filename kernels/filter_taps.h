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

// Taps k in [0, filter_size) with 0 <= origin + k * dilation < input_size; dilation >= 1,
// filter_size >= 0. Unsigned 32-bit arithmetic holds every intermediate of validated (even
// extreme) int32 geometry, and keeps a Cortex-M on its hardware divider: the 64-bit divisions
// this once did are software calls there, per output pixel.
inline FilterTaps FilterTapsInside(int32_t origin, int32_t dilation, int32_t filter_size,
                                   int32_t input_size) {
  const auto step = static_cast<uint32_t>(dilation);
  const auto size = static_cast<uint32_t>(filter_size);
  // Taps before the input: ceil(-origin / step) when origin < 0 (-origin + step - 1 < 2^32).
  const uint32_t first =
      origin >= 0 ? 0u : (0u - static_cast<uint32_t>(origin) + step - 1u) / step;
  // Taps up to the input's end: ceil((input_size - origin) / step) when that is positive.
  const int64_t room = int64_t{input_size} - origin;  // in (-2^32, 2^32)
  const uint32_t last = room > 0 ? (static_cast<uint32_t>(room) - 1u) / step + 1u : 0u;
  const uint32_t begin = first < size ? first : size;
  const uint32_t end = last < size ? last : size;
  return {static_cast<int32_t>(begin), static_cast<int32_t>(end > begin ? end : begin)};
}

}  // namespace arenastore::kernels::ref
