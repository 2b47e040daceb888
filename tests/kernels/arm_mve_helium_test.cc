// kernels/arm_mve/helium.h's vector output stage: RequantizeLanes, and RequantizeWith with its
// scale found beforehand, built from the instruction models (VQRDMULH, VRSHL, ...) that the MVE
// build replaces by the instructions themselves, equal ref::RequantizeToInt8 lane by lane for
// every shift TensorFlow Lite allows, including left shifts, ties of both signs and saturation.
// The device's kernel_check then proves the instructions equal these models through every
// arm_mve kernel.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/arm_mve/helium.h"
#include "kernels/requantize.h"

namespace arenastore::kernels::arm_mve {
namespace {

std::vector<int32_t> Accumulators() {
  std::vector<int32_t> values = {0,
                                 1,
                                 -1,
                                 2,
                                 -2,
                                 3,
                                 -3,
                                 127,
                                 -128,
                                 1 << 20,
                                 -(1 << 20),
                                 INT32_MAX,
                                 INT32_MIN,
                                 INT32_MAX - 1,
                                 INT32_MIN + 1,
                                 (1 << 30),
                                 -(1 << 30),
                                 123456789,
                                 -123456789};
  uint32_t state = 12345;
  for (int i = 0; i < 400; ++i) {
    state = state * 1664525u + 1013904223u;
    values.push_back(static_cast<int32_t>(state) >> (i % 24));
  }
  return values;
}

// Holds `requantize(accumulators, multiplier, shift)` to ref::RequantizeToInt8 for every shift
// TensorFlow Lite allows, several multipliers and the edge accumulators.
template <typename Requantize>
void ExpectEqualsRefForEveryShiftAndEdgeValue(Requantize requantize) {
  const std::vector<int32_t> accumulators = Accumulators();
  const int32_t multipliers[] = {1 << 30, INT32_MAX, 1518500250, (1 << 30) + 1, 1, INT32_MIN};
  for (int32_t shift = -31; shift <= 30; ++shift) {
    for (const int32_t multiplier : multipliers) {
      for (size_t i = 0; i + 4 <= accumulators.size(); i += 4) {
        const Int32x4 result = requantize(FromLanes(accumulators[i], accumulators[i + 1],
                                                    accumulators[i + 2], accumulators[i + 3]),
                                          Splat(multiplier), Splat(shift));
        int32_t lanes[4];
        Store(lanes, result);
        for (int k = 0; k < 4; ++k) {
          ASSERT_EQ(lanes[k],
                    ref::RequantizeToInt8(accumulators[i + k], multiplier, shift, -5, -128, 127))
              << "accumulator " << accumulators[i + k] << " multiplier " << multiplier << " shift "
              << shift;
        }
      }
    }
  }
}

TEST(HeliumRequantizeLanes, EqualsRefRequantizeToInt8ForEveryShiftAndEdgeValue) {
  ExpectEqualsRefForEveryShiftAndEdgeValue(
      [](Int32x4 accumulator, Int32x4 multiplier, Int32x4 shift) {
        return RequantizeLanes(accumulator, multiplier, shift, -5, -128, 127);
      });
}

// The depthwise kernel's pairs find a set of channels' scale once and apply it to two pixels.
TEST(HeliumRequantizeWith, AScaleFoundOnceEqualsRefRequantizeToInt8ForEveryShiftAndEdgeValue) {
  ExpectEqualsRefForEveryShiftAndEdgeValue(
      [](Int32x4 accumulator, Int32x4 multiplier, Int32x4 shift) {
        return RequantizeWith(accumulator, LaneScaleOf(multiplier, shift), -5, -128, 127);
      });
}

TEST(HeliumRequantizeLanes, GivesEachLaneItsOwnMultiplierAndShift) {
  const Int32x4 result = RequantizeLanes(FromLanes(1000, -1000, 3, -3),
                                         FromLanes(1 << 30, 1 << 30, INT32_MAX, INT32_MAX),
                                         FromLanes(-3, 2, 0, -1), 1, -20, 20);
  int32_t lanes[4];
  Store(lanes, result);
  EXPECT_EQ(lanes[0], ref::RequantizeToInt8(1000, 1 << 30, -3, 1, -20, 20));
  EXPECT_EQ(lanes[1], ref::RequantizeToInt8(-1000, 1 << 30, 2, 1, -20, 20));
  EXPECT_EQ(lanes[2], ref::RequantizeToInt8(3, INT32_MAX, 0, 1, -20, 20));
  EXPECT_EQ(lanes[3], ref::RequantizeToInt8(-3, INT32_MAX, -1, 1, -20, 20));
}

}  // namespace
}  // namespace arenastore::kernels::arm_mve
