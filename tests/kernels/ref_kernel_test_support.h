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

inline int RandomInt(std::mt19937& rng, int low, int high) {
  return std::uniform_int_distribution<int>(low, high)(rng);
}

inline std::vector<int8_t> RandomInt8(std::mt19937& rng, size_t count, int low = -128,
                                      int high = 127) {
  std::uniform_int_distribution<int> dist(low, high);
  std::vector<int8_t> values(count);
  for (int8_t& v : values) v = static_cast<int8_t>(dist(rng));
  return values;
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

// Right-aligns `shape` (rank <= kMaxBroadcastRank) into a 1-padded broadcast shape.
inline void SetBroadcastShape(const std::vector<int32_t>& shape, int32_t* target) {
  const size_t pad = kMaxBroadcastRank - shape.size();
  for (size_t i = 0; i < static_cast<size_t>(kMaxBroadcastRank); ++i) {
    target[i] = i < pad ? 1 : shape[i - pad];
  }
}

inline size_t ElementCount(const int32_t* shape) {
  size_t count = 1;
  for (int i = 0; i < kMaxBroadcastRank; ++i) count *= static_cast<size_t>(shape[i]);
  return count;
}

// Flat index into an input of shape `input` of the element that broadcasts to output element
// `flat` of shape `output` (unravel, clamp broadcast dims to 0, ravel).
inline size_t BroadcastSourceIndex(size_t flat, const int32_t* output, const int32_t* input) {
  size_t coordinate[kMaxBroadcastRank];
  for (int d = kMaxBroadcastRank - 1; d >= 0; --d) {
    coordinate[d] = flat % static_cast<size_t>(output[d]);
    flat /= static_cast<size_t>(output[d]);
  }
  size_t index = 0;
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    index = index * static_cast<size_t>(input[d]) + (input[d] == 1 ? 0 : coordinate[d]);
  }
  return index;
}

// Random broadcast-compatible shapes of rank 1..kMaxBroadcastRank, small dims.
inline BroadcastShapes RandomBroadcastShapes(std::mt19937& rng) {
  BroadcastShapes shapes{};
  const int rank = RandomInt(rng, 1, kMaxBroadcastRank);
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    const bool used = d >= kMaxBroadcastRank - rank;
    const int32_t out = used ? RandomInt(rng, 1, 4) : 1;
    shapes.output[d] = out;
    shapes.input1[d] = RandomInt(rng, 0, 2) == 0 ? 1 : out;
    shapes.input2[d] = RandomInt(rng, 0, 2) == 0 ? 1 : out;
  }
  return shapes;
}

// The fixed-point steps of TensorFlow Lite written independently of kernels/fixed_point.h:
// a doubling high multiply rounds half up (floor of x + 1/2); a power-of-two divide rounds
// half away from zero.
inline int64_t OracleDoublingHighMul(int64_t a, int64_t b) { return (a * b + (1ll << 30)) >> 31; }
inline int64_t OracleDivideByPOT(int64_t x, int exponent) {
  if (exponent == 0) return x;
  const int64_t half = 1ll << (exponent - 1);
  return x >= 0 ? (x + half) >> exponent : -((-x + half) >> exponent);
}
inline int64_t OracleRequantize(int64_t x, int32_t multiplier, int32_t shift) {
  const int64_t shifted = shift > 0 ? x * (1ll << shift) : x;
  return OracleDivideByPOT(OracleDoublingHighMul(shifted, multiplier), shift > 0 ? 0 : -shift);
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
