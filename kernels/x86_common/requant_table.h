// RequantTable: per-output-channel constants of TensorFlow Lite's requantization laid out as
// flat arrays, so the x86 kernels load 8 or 16 channels' worth with one vector load: the
// multiplier and shifts as given, RoundingDivideByPOT's mask and half-mask, the accumulator's
// starting value (bias and zero-point correction, filled by the kernel), and the constants of
// the fused 64-bit form (see FusedRequantization below) split into even and odd lanes.
// Lives in the kernel's scratch (RequantTableBytes); filled by FillRequantTable. Freestanding,
// never allocates; the caller guarantees the scratch holds RequantTableBytes(channels).
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

// MultiplyByQuantizedMultiplier(x, m, s) = RoundingDivideByPOT(SRDHM(x << l, m), e) with
// l = max(s, 0), e = max(-s, 0). For t = (x << l) * m (exact in 64 bits) SRDHM is
// floor((t + 2^30) / 2^31) unless x << l and m are both INT32_MIN (the saturating case), and
// nesting floors gives, for e >= 1, floor((t + 2^30 + 2^(30+e) - [t + 2^30 < 0] * 2^31) /
// 2^(31+e)); for e = 0 it is floor((t + 2^30) / 2^31). So one 64-bit add, one conditional
// subtract and one arithmetic shift: round = 2^30 + (e ? 2^(30+e) : 0), sub = e ? 2^31 : 0,
// shift = 31 + e.
struct RequantTable {
  int32_t* multiplier;
  int32_t* left_shift;
  int32_t* right_shift;
  int32_t* round_mask;  // (1 << right_shift) - 1
  int32_t* round_half;  // round_mask >> 1
  int32_t* acc_init;    // filled by the kernel (bias minus the zero-point correction)
  // Per block of `block_lanes` channels: block_lanes / 2 values for the even channels, then
  // block_lanes / 2 for the odd ones, each a sign-extended int64.
  int64_t* split_multiplier;
  int64_t* split_round;
  int64_t* split_sub;
  int64_t* split_shift;
  int32_t output_zero_point, activation_min, activation_max;
  bool any_left_shift;      // some channel has shift > 0: the kernel must apply the left shifts
  bool has_min_multiplier;  // some multiplier is INT32_MIN: the one saturating case of SRDHM
  // Every real channel (padding slots aside) has multiplier >= 0 and shift in [-30, -1]: the
  // condition, with a bounded accumulator, of the short form in x86_avx512vnni/simd.h
  // (Requantizer::ScaleBounded).
  bool bounded_form_ok;
};

// `channels` (a multiple of the block lanes) slots of 6 int32 and 4 int64.
inline constexpr size_t RequantTableBytes(int32_t channels) {
  return channels > 0 ? (6 * sizeof(int32_t) + 4 * sizeof(int64_t)) * static_cast<size_t>(channels)
                      : 0;
}

// Which channel each table slot serves: slot s takes channel (s / slots_per_group) *
// group_stride + s % slots_per_group when s % slots_per_group < real_per_group; other slots
// (padding lanes) get a neutral multiplier and are never stored. Grouped filters use
// group_stride = real_per_group; a pattern repeating every C slots uses group_stride = 0.
struct SlotMap {
  int32_t slots_per_group, real_per_group, group_stride;
};

// Which arrays a kernel reads, so a call fills no more than that (the table is rebuilt on
// every kernel call): kWide, the fused 64-bit form's split arrays (AVX-512; the 32-bit arrays
// are then filled only when some multiplier is INT32_MIN, the one case that form leaves to
// them); kNarrow, the 32-bit arrays only (AVX2). multiplier, left_shift and right_shift are
// always filled, acc_init always zeroed.
enum class RequantForms { kBoth, kWide, kNarrow };

// Lays the table out at `storage` (8-byte aligned) for `channels` slots in blocks of
// `block_lanes` (8 or 16, dividing `channels`). Per-tensor requantization (count 1) serves
// every channel.
RequantTable FillRequantTable(const Requantization& requant, int32_t output_zero_point,
                              int32_t activation_min, int32_t activation_max, int32_t channels,
                              int32_t block_lanes, SlotMap map, uint8_t* storage,
                              RequantForms forms = RequantForms::kBoth);

}  // namespace arenastore::kernels::x86
