// kernels/arm_dsp/requantize_dsp.h against kernels/fixed_point.h: the arm_dsp output stage and
// its two shortcuts must give ref's int8 outputs for every accumulator, multiplier, shift, zero
// point and activation range (here the portable SaturatingAdd; kernel_check runs QADD/SSAT).
#include "kernels/arm_dsp/requantize_dsp.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr int32_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int32_t kInt32Min = std::numeric_limits<int32_t>::min();

// Accumulators and multipliers of every magnitude, with the saturating corners.
struct Sample {
  int32_t accumulator, multiplier;
};

Sample RandomSample(std::mt19937_64& rng) {
  auto accumulator = static_cast<int32_t>(rng());
  auto multiplier = static_cast<int32_t>(rng());
  switch (rng() % 4) {
    case 0:
      accumulator >>= rng() % 31;
      break;
    case 1:
      multiplier = static_cast<int32_t>((1u << 30) + rng() % (1u << 30));
      break;
    case 2:
      accumulator = (rng() & 1) != 0 ? kInt32Max - static_cast<int32_t>(rng() % 70000)
                                     : kInt32Min + static_cast<int32_t>(rng() % 70000);
      multiplier = (rng() & 1) != 0 ? kInt32Max : kInt32Min + static_cast<int32_t>(rng() % 3);
      break;
    default:
      accumulator = static_cast<int32_t>(rng() % 4096) - 2048;
      break;
  }
  return {accumulator, multiplier};
}

TEST(ArmDspRequantize, ScaleAccumulatorEqualsMultiplyByQuantizedMultiplier) {
  std::mt19937_64 rng(18);
  const int32_t corners[] = {kInt32Min, kInt32Min + 1, -1, 0, 1, kInt32Max, 1 << 30, -(1 << 30)};
  for (int32_t shift = -31; shift <= 30; ++shift) {
    for (const int32_t x : corners) {
      for (const int32_t m : corners) {
        ASSERT_EQ(ScaleAccumulator(x, ChannelScaleOf(m, shift)),
                  MultiplyByQuantizedMultiplier(x, m, shift))
            << x << " " << m << " " << shift;
      }
    }
    for (int i = 0; i < 20000; ++i) {
      const Sample s = RandomSample(rng);
      ASSERT_EQ(ScaleAccumulator(s.accumulator, ChannelScaleOf(s.multiplier, shift)),
                MultiplyByQuantizedMultiplier(s.accumulator, s.multiplier, shift))
          << s.accumulator << " " << s.multiplier << " " << shift;
    }
  }
}

TEST(ArmDspRequantize, ShortShiftAndSsatShortcutsGiveRefsInt8Outputs) {
  std::mt19937_64 rng(35);
  for (int32_t shift = -23; shift <= -1; ++shift) {
    for (int i = 0; i < 20000; ++i) {
      const Sample s = RandomSample(rng);
      const ChannelScale scale = ChannelScaleOf(s.multiplier, shift);
      ASSERT_TRUE(HasShortRightShift(scale));
      const int32_t zero_point = static_cast<int32_t>(rng() % 256) - 128;
      const int32_t low = static_cast<int32_t>(rng() % 129) - 128;
      const int32_t high = low + static_cast<int32_t>(rng() % static_cast<uint64_t>(128 - low));
      const int32_t exact = MultiplyByQuantizedMultiplier(s.accumulator, s.multiplier, shift);
      const int32_t shortcut = ScaleForInt8Output(s.accumulator, scale);
      ASSERT_EQ(ToInt8Range(shortcut, zero_point, low, high),
                ToInt8Range(exact, zero_point, low, high))
          << s.accumulator << " " << s.multiplier << " " << shift;
      ASSERT_EQ(SaturateToInt8(WrappingAdd(shortcut, zero_point)),
                ToInt8Range(exact, zero_point, -128, 127))
          << s.accumulator << " " << s.multiplier << " " << shift;
    }
  }
}

TEST(ArmDspRequantize, OnlyRightShiftsOneToTwentyThreeAreShort) {
  EXPECT_FALSE(HasShortRightShift(ChannelScaleOf(1 << 30, 0)));
  EXPECT_FALSE(HasShortRightShift(ChannelScaleOf(1 << 30, 3)));
  EXPECT_TRUE(HasShortRightShift(ChannelScaleOf(1 << 30, -1)));
  EXPECT_TRUE(HasShortRightShift(ChannelScaleOf(1 << 30, -23)));
  EXPECT_FALSE(HasShortRightShift(ChannelScaleOf(1 << 30, -24)));
}

}  // namespace
}  // namespace arenastore::kernels::arm_dsp
