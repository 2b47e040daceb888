#include "kernels/x86_common/requant_table.h"

#include <limits>

namespace arenastore::kernels::x86 {
namespace {

// Position of slot s in the even/odd split of its block.
size_t SplitIndex(int32_t s, int32_t block_lanes) {
  const int32_t block = s / block_lanes;
  const int32_t lane = s % block_lanes;
  const int32_t half = block_lanes / 2;
  return static_cast<size_t>(block * block_lanes + (lane % 2) * half + lane / 2);
}

}  // namespace

RequantTable FillRequantTable(const Requantization& requant, int32_t output_zero_point,
                              int32_t activation_min, int32_t activation_max, int32_t channels,
                              int32_t block_lanes, int32_t slots_per_group, int32_t real_per_group,
                              uint8_t* storage) {
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
  for (int32_t s = 0; s < channels; ++s) {
    const int32_t local = s % slots_per_group;
    int32_t multiplier = 1 << 30;
    int32_t shift = 0;
    if (local < real_per_group) {
      const int32_t channel = (s / slots_per_group) * real_per_group + local;
      const int32_t q = requant.count == 1 ? 0 : channel;
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
    const size_t split = SplitIndex(s, block_lanes);
    t.split_multiplier[split] = multiplier;
    t.split_round[split] = (int64_t{1} << 30) + (right > 0 ? int64_t{1} << (30 + right) : 0);
    t.split_sub[split] = right > 0 ? int64_t{1} << 31 : 0;
    t.split_shift[split] = 31 + right;
    t.any_left_shift = t.any_left_shift || shift > 0;
    t.has_min_multiplier =
        t.has_min_multiplier || multiplier == std::numeric_limits<int32_t>::min();
  }
  return t;
}

}  // namespace arenastore::kernels::x86
