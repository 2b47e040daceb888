#include "kernels/x86_common/requant_table.h"

#include <limits>

namespace arenastore::kernels::x86 {
RequantTable FillRequantTable(const Requantization& requant, int32_t output_zero_point,
                              int32_t activation_min, int32_t activation_max, int32_t channels,
                              int32_t block_lanes, SlotMap map, uint8_t* storage) {
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
  // Counters instead of divisions: this runs on every kernel call.
  int32_t local = 0, group_base = 0, lane = 0, block_base = 0;
  const int32_t half = block_lanes / 2;
  for (int32_t s = 0; s < distinct; ++s) {
    int32_t multiplier = 1 << 30;
    int32_t shift = 0;
    if (local < map.real_per_group) {
      const int32_t q = requant.count == 1 ? 0 : group_base + local;
      multiplier = requant.multipliers[q];
      shift = requant.shifts[q];
    }
    const int32_t right = shift > 0 ? 0 : -shift;
    t.multiplier[s] = multiplier;
    t.left_shift[s] = shift > 0 ? shift : 0;
    t.right_shift[s] = right;
    t.round_mask[s] = static_cast<int32_t>((int64_t{1} << right) - 1);
    t.round_half[s] = t.round_mask[s] >> 1;
    t.acc_init[s] = 0;
    // Slot s sits in the even or odd half of its block.
    const size_t split = static_cast<size_t>(block_base + (lane & 1) * half + lane / 2);
    t.split_multiplier[split] = multiplier;
    t.split_round[split] = (int64_t{1} << 30) + (right > 0 ? int64_t{1} << (30 + right) : 0);
    t.split_sub[split] = right > 0 ? int64_t{1} << 31 : 0;
    t.split_shift[split] = 31 + right;
    t.any_left_shift = t.any_left_shift || shift > 0;
    t.has_min_multiplier =
        t.has_min_multiplier || multiplier == std::numeric_limits<int32_t>::min();
    if (++local == map.slots_per_group) {
      local = 0;
      group_base += map.group_stride;
    }
    if (++lane == block_lanes) {
      lane = 0;
      block_base += block_lanes;
    }
  }
  // The copies: whole repeats of the first `distinct` slots of every array.
  for (int32_t from = 0, s = distinct; s < channels; ++s) {
    t.multiplier[s] = t.multiplier[from];
    t.left_shift[s] = t.left_shift[from];
    t.right_shift[s] = t.right_shift[from];
    t.round_mask[s] = t.round_mask[from];
    t.round_half[s] = t.round_half[from];
    t.acc_init[s] = 0;
    t.split_multiplier[s] = t.split_multiplier[from];
    t.split_round[s] = t.split_round[from];
    t.split_sub[s] = t.split_sub[from];
    t.split_shift[s] = t.split_shift[from];
    if (++from == distinct) from = 0;
  }
  return t;
}

}  // namespace arenastore::kernels::x86
