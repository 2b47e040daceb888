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
#include "kernels/op_params.h"
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

enum class TestPadding { kSame, kValid };

// Pooling params with TensorFlow Lite's SAME/VALID output size and padding, no activation.
inline Pool2dParams MakePool2dParams(int32_t batches, int32_t height, int32_t width,
                                     int32_t channels, int32_t filter_h, int32_t filter_w,
                                     int32_t stride_h, int32_t stride_w, TestPadding padding) {
  auto output_size = [&](int32_t in, int32_t filter, int32_t stride) {
    return padding == TestPadding::kSame ? (in + stride - 1) / stride : (in - filter) / stride + 1;
  };
  auto pad_before = [&](int32_t in, int32_t filter, int32_t stride, int32_t out) {
    const int32_t total = (out - 1) * stride + filter - in;
    return total > 0 ? total / 2 : 0;
  };
  Pool2dParams p{};
  p.batches = batches;
  p.input_h = height;
  p.input_w = width;
  p.channels = channels;
  p.filter_h = filter_h;
  p.filter_w = filter_w;
  p.stride_h = stride_h;
  p.stride_w = stride_w;
  p.output_h = output_size(height, filter_h, stride_h);
  p.output_w = output_size(width, filter_w, stride_w);
  p.pad_top = pad_before(height, filter_h, stride_h, p.output_h);
  p.pad_left = pad_before(width, filter_w, stride_w, p.output_w);
  p.activation_min = -128;
  p.activation_max = 127;
  return p;
}

inline size_t OutputElements(const Pool2dParams& p) {
  return static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.channels;
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
