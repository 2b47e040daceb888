#include "kernels/x86_common/requant_table.h"

#include <limits>

namespace arenastore::kernels::x86 {
RequantTable FillRequantTable(const Requantization& requant, int32_t output_zero_point,
                              int32_t activation_min, int32_t activation_max, int32_t channels,
                              int32_t block_lanes, SlotMap map, uint8_t* storage,
                              RequantForms forms) {
  auto* words = reinterpret_cast<int32_t*>(storage);
  const size_t n = channels > 0 ? static_cast<size_t>(channels) : 0;
  auto* wide = reinterpret_cast<int64_t*>(storage + 6 * sizeof(int32_t) * n);
  RequantTable t;
  t.multiplier = words;
  t.left_shift = words + n;
  t.right_shift = words + 2 * n;
  t.round_mask = words + 3 * n;
  t.round_half = words + 4 * n;
  t.acc_init = words + 5 * n;
  t.split_multiplier = wide;
  t.split_round = wide + n;
  t.split_sub = wide + 2 * n;
  t.split_shift = wide + 3 * n;
  t.output_zero_point = output_zero_point;
  t.activation_min = activation_min;
  t.activation_max = activation_max;
  t.any_left_shift = false;
  t.has_min_multiplier = false;
  t.bounded_form_ok = false;
  // A pattern that repeats every C slots (group_stride 0) repeats, table blocks included,
  // every lcm(C, block_lanes) slots: fill those, then copy.
  int32_t distinct = channels;
  if (map.group_stride == 0) {
    int32_t a = map.slots_per_group, b = block_lanes;
    while (b != 0) {
      const int32_t r = a % b;
      a = b;
      b = r;
    }
    const int32_t lcm = map.slots_per_group / a * block_lanes;
    if (lcm < distinct) distinct = lcm;
  }
  // Per-tensor with every slot real (fully connected, batch matmul): one value per array.
  if (requant.count == 1 && map.real_per_group >= map.slots_per_group) {
    const int32_t multiplier = requant.multipliers[0];
    const int32_t shift = requant.shifts[0];
    const int32_t right = shift > 0 ? 0 : -shift;
    const auto mask = static_cast<int32_t>((int64_t{1} << right) - 1);
    const int64_t round = (int64_t{1} << 30) + (right > 0 ? int64_t{1} << (30 + right) : 0);
    const int64_t sub = right > 0 ? int64_t{1} << 31 : 0;
    // One loop per array, so each is a plain vectorised fill.
    auto fill32 = [n](int32_t* array, int32_t value) {
      for (size_t s = 0; s < n; ++s) array[s] = value;
    };
    auto fill64 = [n](int64_t* array, int64_t value) {
      for (size_t s = 0; s < n; ++s) array[s] = value;
    };
    t.any_left_shift = shift > 0;
    t.has_min_multiplier = multiplier == std::numeric_limits<int32_t>::min();
    fill32(t.multiplier, multiplier);
    fill32(t.left_shift, shift > 0 ? shift : 0);
    fill32(t.right_shift, right);
    fill32(t.acc_init, 0);
    if (forms != RequantForms::kWide || t.has_min_multiplier) {
      fill32(t.round_mask, mask);
      fill32(t.round_half, mask >> 1);
    }
    if (forms != RequantForms::kNarrow) {
      fill64(t.split_multiplier, multiplier);
      fill64(t.split_round, round);
      fill64(t.split_sub, sub);
      fill64(t.split_shift, 31 + right);
    }
    t.bounded_form_ok = multiplier >= 0 && right >= 1 && right <= 30;
    return t;
  }
  // Runs on every kernel call (8-10% of a small layer when it was one loop storing all ten
  // arrays, whose pointers spilled): first each slot's multiplier and shifts, with counters
  // instead of divisions, then one plain loop per derived array, then the even/odd split.
  int32_t* __restrict multipliers = t.multiplier;
  int32_t* __restrict left_shifts = t.left_shift;
  int32_t* __restrict right_shifts = t.right_shift;
  const int32_t* __restrict source_multipliers = requant.multipliers;
  const int32_t* __restrict source_shifts = requant.shifts;
  const bool per_tensor = requant.count == 1;
  bool any_left_shift = false;
  bool has_min_multiplier = false;
  bool bounded_form_ok = true;
  // Slot s serves channel s for every slot filled below (per-channel, no padding slots, one
  // group or groups laid end to end): branch-free loops the compiler vectorises.
  const bool identity =
      !per_tensor && map.real_per_group == map.slots_per_group &&
      (map.group_stride == map.slots_per_group || distinct <= map.slots_per_group);
  if (identity) {
    int32_t any_left = 0, any_min = 0, all_bounded = 1;
    for (int32_t s = 0; s < distinct; ++s) {
      const int32_t multiplier = source_multipliers[s];
      const int32_t shift = source_shifts[s];
      multipliers[s] = multiplier;
      left_shifts[s] = shift > 0 ? shift : 0;
      right_shifts[s] = shift > 0 ? 0 : -shift;
      any_left |= shift > 0;
      any_min |= multiplier == std::numeric_limits<int32_t>::min();
      all_bounded &= (multiplier >= 0) & (shift <= -1) & (shift >= -30);
    }
    any_left_shift = any_left != 0;
    has_min_multiplier = any_min != 0;
    bounded_form_ok = all_bounded != 0;
  } else {
    int32_t local = 0, group_base = 0;
    for (int32_t s = 0; s < distinct; ++s) {
      int32_t multiplier = 1 << 30;
      int32_t shift = 0;
      if (local < map.real_per_group) {
        const int32_t q = per_tensor ? 0 : group_base + local;
        multiplier = source_multipliers[q];
        shift = source_shifts[q];
        bounded_form_ok = bounded_form_ok && multiplier >= 0 && shift <= -1 && shift >= -30;
      }
      multipliers[s] = multiplier;
      left_shifts[s] = shift > 0 ? shift : 0;
      right_shifts[s] = shift > 0 ? 0 : -shift;
      any_left_shift = any_left_shift || shift > 0;
      has_min_multiplier = has_min_multiplier || multiplier == std::numeric_limits<int32_t>::min();
      if (++local == map.slots_per_group) {
        local = 0;
        group_base += map.group_stride;
      }
    }
  }
  t.any_left_shift = any_left_shift;
  t.has_min_multiplier = has_min_multiplier;
  t.bounded_form_ok = bounded_form_ok;
  // Whole repeats of the first `distinct` slots.
  for (int32_t from = 0, s = distinct; s < channels; ++s) {
    multipliers[s] = multipliers[from];
    left_shifts[s] = left_shifts[from];
    right_shifts[s] = right_shifts[from];
    if (++from == distinct) from = 0;
  }
  for (size_t s = 0; s < n; ++s) t.acc_init[s] = 0;
  if (forms != RequantForms::kWide || has_min_multiplier) {
    int32_t* __restrict round_masks = t.round_mask;
    int32_t* __restrict round_halves = t.round_half;
    for (size_t s = 0; s < n; ++s) {
      const auto mask = static_cast<int32_t>((int64_t{1} << right_shifts[s]) - 1);
      round_masks[s] = mask;
      round_halves[s] = mask >> 1;
    }
  }
  if (forms == RequantForms::kNarrow) return t;
  // Slot s of a block sits at lane / 2 (even lanes) or half + lane / 2 (odd lanes) of the
  // block's split arrays.
  int64_t* __restrict split_multipliers = t.split_multiplier;
  int64_t* __restrict split_rounds = t.split_round;
  int64_t* __restrict split_subs = t.split_sub;
  int64_t* __restrict split_shifts = t.split_shift;
  const int32_t half = block_lanes / 2;
  for (int32_t block = 0; block < channels; block += block_lanes) {
    for (int32_t odd = 0; odd < 2; ++odd) {
      for (int32_t i = 0; i < half; ++i) {
        const int32_t s = block + 2 * i + odd;
        const size_t split = static_cast<size_t>(block + odd * half + i);
        const int32_t right = right_shifts[s];
        split_multipliers[split] = multipliers[s];
        split_rounds[split] = (int64_t{1} << 30) + (right > 0 ? int64_t{1} << (30 + right) : 0);
        split_subs[split] = right > 0 ? int64_t{1} << 31 : 0;
        split_shifts[split] = 31 + right;
      }
    }
  }
  return t;
}

}  // namespace arenastore::kernels::x86
