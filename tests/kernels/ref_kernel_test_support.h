// Helpers shared by the tests of the ref kernels: seeded random int8 tensors, TensorFlow Lite's
// multiplier quantization (to build params from real scales, as the planner does), and guarded
// runs of a kernel with exactly its declared scratch under two fill patterns.
// Test-only code: heap OK; failures are reported through GoogleTest by the callers.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "base/status.h"
#include "tests/kernels/guarded_scratch.h"

namespace arenastore::kernels::testing {

inline std::vector<int8_t> RandomInt8(std::mt19937& rng, size_t count, int low = -128,
                                      int high = 127) {
  std::uniform_int_distribution<int> dist(low, high);
  std::vector<int8_t> values(count);
  for (int8_t& v : values) v = static_cast<int8_t>(dist(rng));
  return values;
}

inline int RandomInt(std::mt19937& rng, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(rng);
}

struct QuantizedMultiplier {
  int32_t multiplier;
  int32_t shift;
};

// real = multiplier * 2^(shift - 31), multiplier rounded half away from zero to Q31.
inline QuantizedMultiplier QuantizeMultiplierForTest(double real) {
  if (real == 0.0) return {0, 0};
  int shift = 0;
  const double fraction = std::frexp(real, &shift);
  auto fixed = static_cast<int64_t>(std::round(fraction * 2147483648.0));
  if (fixed == (1ll << 31)) {
    fixed /= 2;
    ++shift;
  }
  return {static_cast<int32_t>(fixed), shift};
}

struct GuardedRun {
  uint8_t pattern;
  Status status;
  bool guards_intact;
  size_t highest_touched_bytes;
};

// Runs `kernel(std::span<uint8_t> scratch) -> Status` once per fill pattern with exactly
// `declared_bytes` of 16-byte aligned scratch between guard bytes.
template <typename Kernel>
std::vector<GuardedRun> RunGuarded(size_t declared_bytes, Kernel&& kernel) {
  std::vector<GuardedRun> runs;
  for (const uint8_t pattern : {uint8_t{0xA5}, uint8_t{0x5A}}) {
    GuardedScratch guarded(declared_bytes, pattern);
    const Status status = kernel(guarded.scratch());
    runs.push_back({pattern, status, guarded.GuardsIntact(), guarded.HighestTouchedBytes()});
  }
  return runs;
}

}  // namespace arenastore::kernels::testing
