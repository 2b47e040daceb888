// Helpers for the tests of the ref kernels that accumulate in int32 and requantize (conv2d,
// depthwise_conv2d, fully_connected, batch_matmul, transpose_conv2d): requantization storage,
// TensorFlow Lite's SAME/VALID geometry with dilation, the oracles' output stage, a first-mismatch
// comparison, and a guarded run that checks the scratch contract on every invocation.
// Test-only code: heap OK; failures are reported through GoogleTest.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "base/status.h"
#include "kernels/op_params.h"
#include "tests/kernels/ref_kernel_test_support.h"

namespace arenastore::kernels::testing {

// Owns the multipliers and shifts a Requantization points at.
struct RequantStorage {
  std::vector<int32_t> multipliers;
  std::vector<int32_t> shifts;

  Requantization View() const {
    return {multipliers.data(), shifts.data(), static_cast<int32_t>(multipliers.size())};
  }
};

inline RequantStorage UniformRequant(size_t count, int32_t multiplier, int32_t shift) {
  return {std::vector<int32_t>(count, multiplier), std::vector<int32_t>(count, shift)};
}

// A real multiplier that maps a typical accumulator of `depth` products of int8 values (about
// sqrt(depth) * 74 * 74) to about +-50, times a random factor in [2^-5, 2], so most outputs land
// inside int8 rather than saturating; one time in eight a multiplier in [1, 2) (left shift).
inline QuantizedMultiplier RandomMultiplier(std::mt19937& rng, int64_t depth) {
  if (RandomInt(rng, 0, 7) == 0) {
    return QuantizeMultiplierForTest(std::uniform_real_distribution<double>(1.0, 2.0)(rng));
  }
  const double typical =
      50.0 / (std::sqrt(static_cast<double>(std::max<int64_t>(depth, 1))) * 5500);
  const double factor = std::exp2(std::uniform_real_distribution<double>(-5.0, 1.0)(rng));
  return QuantizeMultiplierForTest(typical * factor);
}

inline RequantStorage RandomRequant(std::mt19937& rng, size_t count, int64_t depth) {
  RequantStorage storage;
  for (size_t i = 0; i < count; ++i) {
    const QuantizedMultiplier q = RandomMultiplier(rng, depth);
    storage.multipliers.push_back(q.multiplier);
    storage.shifts.push_back(q.shift);
  }
  return storage;
}

// Empty (meaning: no bias) one time in four.
inline std::vector<int32_t> RandomBias(std::mt19937& rng, size_t count) {
  if (RandomInt(rng, 0, 3) == 0) return {};
  std::vector<int32_t> bias(count);
  for (int32_t& b : bias) b = RandomInt(rng, -20000, 20000);
  return bias;
}

inline const int32_t* BiasOrNull(const std::vector<int32_t>& bias) {
  return bias.empty() ? nullptr : bias.data();
}

// TensorFlow Lite's output size and leading padding for SAME/VALID with dilation.
inline int32_t ConvOutputSize(TestPadding padding, int32_t in, int32_t filter, int32_t stride,
                              int32_t dilation) {
  const int32_t effective = (filter - 1) * dilation + 1;
  return padding == TestPadding::kSame ? (in + stride - 1) / stride
                                       : (in - effective + stride) / stride;
}

inline int32_t ConvPadBefore(int32_t in, int32_t filter, int32_t stride, int32_t dilation,
                             int32_t out) {
  const int32_t effective = (filter - 1) * dilation + 1;
  return std::max((out - 1) * stride + effective - in, 0) / 2;
}

// The oracles' output stage, on the independent fixed-point steps of ref_kernel_test_support.h.
inline int8_t OracleOutput(int64_t acc, int32_t multiplier, int32_t shift, int32_t zero_point,
                           int32_t activation_min, int32_t activation_max) {
  const int64_t value = OracleRequantize(acc, multiplier, shift) + zero_point;
  return static_cast<int8_t>(std::clamp<int64_t>(value, activation_min, activation_max));
}

inline ::testing::AssertionResult SameOutputs(const std::vector<int8_t>& actual,
                                              const std::vector<int8_t>& expected) {
  if (actual.size() != expected.size()) {
    return ::testing::AssertionFailure()
           << "sizes differ: " << actual.size() << " vs " << expected.size();
  }
  for (size_t i = 0; i < actual.size(); ++i) {
    if (actual[i] != expected[i]) {
      return ::testing::AssertionFailure()
             << "first mismatch at element " << i << " of " << actual.size() << ": kernel "
             << int{actual[i]} << ", oracle " << int{expected[i]};
    }
  }
  return ::testing::AssertionSuccess();
}

struct KernelRun {
  Status status;
  std::vector<int8_t> output;
  size_t highest_touched_bytes;  // the largest over both fill patterns
};

// Runs `kernel(int8_t* output, std::span<uint8_t> scratch) -> Status` with exactly
// `declared_bytes` of guarded scratch under both fill patterns (the output is pre-filled with
// each pattern too, so an output element the kernel forgets shows up as a difference), and
// checks guards intact, nothing touched past `declared_bytes`, identical outputs.
template <typename Kernel>
KernelRun RunKernelGuarded(size_t declared_bytes, size_t output_elements, Kernel&& kernel) {
  KernelRun result{Status::Ok(), {}, 0};
  std::vector<std::vector<int8_t>> outputs;
  for (const GuardedRun& run : RunGuarded(declared_bytes, [&](std::span<uint8_t> scratch) {
         outputs.emplace_back(output_elements, static_cast<int8_t>(outputs.size() ? 0x5A : 0xA5));
         return kernel(outputs.back().data(), scratch);
       })) {
    EXPECT_TRUE(run.guards_intact) << "a guard byte changed, pattern " << int{run.pattern};
    EXPECT_LE(run.highest_touched_bytes, declared_bytes) << "pattern " << int{run.pattern};
    result.highest_touched_bytes =
        std::max(result.highest_touched_bytes, run.highest_touched_bytes);
    if (!run.status.ok()) result.status = run.status;
  }
  EXPECT_TRUE(result.status.ok()) << result.status.message();
  EXPECT_TRUE(SameOutputs(outputs[0], outputs[1])) << "output differs between fill patterns";
  result.output = outputs[0];
  return result;
}

}  // namespace arenastore::kernels::testing
