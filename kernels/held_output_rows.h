// Output rows held back in scratch, for a kernel that writes an image over its own input (the
// over-input form, kernels/exec_form.h) while reading that input in place with its whole
// kernel's code. Used by the Arm depthwise over-input kernels, a block of channels at a time.
// Invariant: with the output starting at the input's first byte, no wider a row than the
// input's (output_w <= input_w) and stride_h >= 1, output row y is written back only once every
// later row's first input row lies past it: after row y + pad_top is computed, so pad_top + 1
// rows are held. Freestanding, allocation-free.
#pragma once

#include <cstddef>
#include <cstdint>

namespace arenastore::kernels {

// How many output rows the walk holds at once.
constexpr int32_t HeldOutputRows(int32_t pad_top, int32_t output_h) {
  return pad_top + 1 < output_h ? pad_top + 1 : output_h;
}

// Computes output rows 0..output_h-1 in order, each into one of `held` slots of `slot_bytes`
// (compute(y, slot)), and writes each back (write_back(y, slot)) once it is `held` rows behind,
// the rest at the end.
template <typename Compute, typename WriteBack>
void WalkHeldRows(int32_t output_h, int32_t held, int8_t* slots, ptrdiff_t slot_bytes,
                  Compute compute, WriteBack write_back) {
  for (int32_t y = 0; y < output_h; ++y) {
    int8_t* slot = slots + static_cast<ptrdiff_t>(y % held) * slot_bytes;
    if (y >= held) write_back(y - held, slot);
    compute(y, slot);
  }
  for (int32_t y = output_h > held ? output_h - held : 0; y < output_h; ++y) {
    write_back(y, slots + static_cast<ptrdiff_t>(y % held) * slot_bytes);
  }
}

}  // namespace arenastore::kernels
