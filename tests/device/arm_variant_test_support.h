// Shared by the host tests of the arm_dsp and arm_mve kernel variants: seeded random params of
// each op (shapes, zero points at the int8 edges, per-channel requantization, saturating and
// non-saturating scales, padding beyond SAME), and a comparison that runs ref and a variant
// with exactly their declared scratch between guard bytes and reports the first output
// mismatch. Outside Arm builds the variants run on the portable emulation of their intrinsics.
// Test-only code: heap OK.
#pragma once

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "base/status.h"
#include "kernels/op_params.h"
#include "tests/kernels/guarded_scratch.h"

namespace arenastore::kernels::device_testing {

using Rng = std::mt19937;

inline int32_t Uniform(Rng& rng, int32_t low, int32_t high) {
  return std::uniform_int_distribution<int32_t>(low, high)(rng);
}

inline bool Chance(Rng& rng, int percent) { return Uniform(rng, 0, 99) < percent; }

inline std::vector<int8_t> RandomBytes(Rng& rng, size_t count) {
  std::vector<int8_t> values(count);
  for (int8_t& v : values) v = static_cast<int8_t>(Uniform(rng, -128, 127));
  return values;
}

// A zero point that is often an edge of the int8 range.
inline int32_t RandomZeroPoint(Rng& rng) {
  switch (Uniform(rng, 0, 4)) {
    case 0:
      return -128;
    case 1:
      return 127;
    case 2:
      return 0;
    default:
      return Uniform(rng, -128, 127);
  }
}

// real = multiplier * 2^(shift - 31) with multiplier in [2^30, 2^31), as TensorFlow Lite.
struct Quantized {
  int32_t multiplier;
  int32_t shift;
};

inline Quantized Quantize(double real) {
  int shift = 0;
  const double fraction = std::frexp(real, &shift);
  auto fixed = static_cast<int64_t>(std::round(fraction * 2147483648.0));
  if (fixed == (int64_t{1} << 31)) {
    fixed /= 2;
    ++shift;
  }
  return {static_cast<int32_t>(fixed), shift};
}

// Per-channel multipliers sized so an accumulator of `depth` products mostly lands in int8,
// with one channel in eight scaled up to saturate.
struct Requant {
  std::vector<int32_t> multipliers;
  std::vector<int32_t> shifts;

  Requantization View() const {
    return {multipliers.data(), shifts.data(), static_cast<int32_t>(multipliers.size())};
  }
};

inline Requant RandomRequant(Rng& rng, int32_t channels, int32_t depth) {
  Requant r;
  const double typical = 128.0 * 128.0 * std::sqrt(static_cast<double>(depth > 0 ? depth : 1));
  for (int32_t c = 0; c < channels; ++c) {
    double real = 100.0 / typical * std::exp2(Uniform(rng, -20, 20) / 10.0);
    if (Uniform(rng, 0, 7) == 0) real *= 64.0;
    const Quantized q = Quantize(real);
    r.multipliers.push_back(q.multiplier);
    r.shifts.push_back(q.shift);
  }
  return r;
}

struct ActivationRange {
  int32_t min, max;
};

inline ActivationRange RandomActivation(Rng& rng) {
  if (Chance(rng, 60)) return {-128, 127};
  const int32_t low = Uniform(rng, -128, 0);
  return {low, Uniform(rng, low, 127)};
}

// Mostly realistic biases, sometimes at the int32 edges: any bias is valid in an artifact and
// the accumulator add wraps, in ref and in every variant.
inline std::vector<int32_t> RandomBias(Rng& rng, int32_t channels) {
  std::vector<int32_t> bias(channels);
  const bool extreme = Chance(rng, 10);
  for (int32_t& b : bias) {
    b = extreme ? (Chance(rng, 50) ? INT32_MAX - Uniform(rng, 0, 1000)
                                   : INT32_MIN + Uniform(rng, 0, 1000))
                : Uniform(rng, -40000, 40000);
  }
  return bias;
}

// One kernel run on scratch of exactly `declared_bytes` between guards, filled with `pattern`.
struct GuardedResult {
  Status status;
  bool guards_intact = false;
  size_t highest_touched_bytes = 0;
  std::vector<int8_t> output;
};

using KernelRun = std::function<Status(std::span<uint8_t> scratch, int8_t* output)>;

inline GuardedResult RunWithExactScratch(size_t declared_bytes, size_t output_bytes,
                                         uint8_t pattern, const KernelRun& run) {
  kernels::testing::GuardedScratch guarded(declared_bytes, pattern);
  GuardedResult result;
  result.output.assign(output_bytes, static_cast<int8_t>(0x3c));
  result.status = run(guarded.scratch(), result.output.data());
  result.guards_intact = guarded.GuardsIntact();
  result.highest_touched_bytes = guarded.HighestTouchedBytes();
  return result;
}

// Runs ref and the variant (each with its own declared scratch, under two fill patterns) and
// expects ok statuses, intact guards and byte-identical outputs; `what` names the case.
inline void ExpectBitExact(const std::string& what, size_t output_bytes, size_t ref_scratch_bytes,
                           const KernelRun& ref_run, size_t variant_scratch_bytes,
                           const KernelRun& variant_run) {
  const GuardedResult expected =
      RunWithExactScratch(ref_scratch_bytes, output_bytes, 0xa5, ref_run);
  ASSERT_TRUE(expected.status.ok()) << what << ": ref failed: " << expected.status.message();
  for (const uint8_t pattern : {uint8_t{0xa5}, uint8_t{0x5a}}) {
    const GuardedResult actual =
        RunWithExactScratch(variant_scratch_bytes, output_bytes, pattern, variant_run);
    ASSERT_TRUE(actual.status.ok()) << what << ": " << actual.status.message();
    EXPECT_TRUE(actual.guards_intact)
        << what << ": wrote outside its " << variant_scratch_bytes << " declared scratch bytes";
    for (size_t i = 0; i < output_bytes; ++i) {
      if (actual.output[i] != expected.output[i]) {
        ADD_FAILURE() << what << ": first mismatch at output byte " << i << " of " << output_bytes
                      << ": ref " << int{expected.output[i]} << ", variant "
                      << int{actual.output[i]};
        break;
      }
    }
  }
}

template <typename T>
std::string Describe(const char* name, std::initializer_list<std::pair<const char*, T>> fields) {
  std::ostringstream text;
  text << name << "{";
  bool first = true;
  for (const auto& [key, value] : fields) {
    text << (first ? "" : ", ") << key << "=" << value;
    first = false;
  }
  text << "}";
  return text.str();
}

}  // namespace arenastore::kernels::device_testing
