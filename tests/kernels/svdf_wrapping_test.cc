// SVDF's int32 sums wrap modulo 2^32 as TensorFlow Lite's do on real hardware, instead of
// overflowing (undefined behaviour: the sanitizer stage's mutants found a hostile bias that did).
#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <vector>

#include "ops/svdf/ref.h"

namespace arenastore::kernels {
namespace {

TEST(Svdf, AHostileBiasWrapsTheUnitSumAsTfliteDoesOnHardware) {
  SvdfParams p{};
  p.batches = 1;
  p.input_size = 1;
  p.filters = 2;
  p.rank = 2;  // one unit summing both filters
  p.memory = 1;
  p.state_type = ElementType::kInt8;
  p.feature_multiplier = 1 << 30;  // x 1.0 (0.5 x 2^1)
  p.feature_shift = 1;
  p.time_multiplier = 1 << 30;  // x 0.5
  p.time_shift = 0;
  const int8_t input[1] = {10};
  const int8_t weights_feature[2] = {10, 10};  // each filter's state becomes 100
  const int8_t weights_time[2] = {-1, -1};     // each filter's sum becomes -100
  int8_t state[2] = {0, 0};
  // INT32_MIN + 50 - 200 wraps to INT32_MAX - 149: half of it clamps to 127; had the sum not
  // wrapped (or the compiler assumed it cannot), the output would be -128.
  const int32_t bias[1] = {INT32_MIN + 50};
  int8_t output[1] = {0};
  std::vector<uint8_t> scratch(ref::SvdfScratchBytes(p));
  ASSERT_TRUE(
      ref::Svdf(p, input, weights_feature, weights_time, state, bias, output, scratch).ok());
  EXPECT_EQ(state[0], 100);
  EXPECT_EQ(output[0], 127);
}

}  // namespace
}  // namespace arenastore::kernels
