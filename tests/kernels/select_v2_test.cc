#include "ops/select_v2/ref.h"

#include <gtest/gtest.h>

#include <cstring>

namespace arenastore::kernels::ref {
namespace {

// A flat [4] operand padded to the broadcast rank with leading 1s.
void Flat4(int32_t (&shape)[kMaxBroadcastRank]) {
  for (int32_t& d : shape) d = 1;
  shape[kMaxBroadcastRank - 1] = 4;
}

// A device's input buffer may hold any byte in a bool element (the fuzzer filled one with 11):
// TensorFlow Lite treats nonzero as true, and loading such a byte as bool is undefined.
TEST(SelectV2Ref, TakesAnyNonzeroConditionByteAsTrue) {
  SelectV2Params params{};
  Flat4(params.condition);
  Flat4(params.x);
  Flat4(params.y);
  Flat4(params.output);
  const uint8_t condition_bytes[4] = {0, 1, 11, 255};
  bool condition[4];
  std::memcpy(condition, condition_bytes, sizeof(condition));
  const int8_t x[4] = {10, 20, 30, 40};
  const int8_t y[4] = {-1, -2, -3, -4};
  int8_t output[4] = {};
  ASSERT_TRUE(SelectV2(params, condition, x, y, output, {}).ok());
  EXPECT_EQ(output[0], -1);
  EXPECT_EQ(output[1], 20);
  EXPECT_EQ(output[2], 30);
  EXPECT_EQ(output[3], 40);
}

}  // namespace
}  // namespace arenastore::kernels::ref
