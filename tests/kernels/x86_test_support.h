// Shared by the x86 kernel variant tests (x86_*_test.cc): seeded random parameters (shapes,
// zero points at the int8 edges, per-channel requantization with saturating, left-shifting and
// tie-producing multipliers), a run of a kernel on exactly its declared scratch between guard
// bytes, and the comparison with ref that reports the first mismatching output byte. Tests of
// an ISA the CPU lacks skip. Test-only code: heap OK.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "base/status.h"
#include "kernels/cpu_features.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "tests/kernels/guarded_scratch.h"

namespace arenastore::kernels::x86_testing {

using Rng = std::mt19937;

inline int32_t Uniform(Rng& rng, int32_t low, int32_t high) {
  return std::uniform_int_distribution<int32_t>(low, high)(rng);
}

inline bool Chance(Rng& rng, int percent) { return Uniform(rng, 0, 99) < percent; }

// Bytes biased towards the int8 edges, where saturation and sign handling break first.
inline std::vector<int8_t> RandomBytes(Rng& rng, size_t count) {
  std::vector<int8_t> values(count);
  const int edge_percent = Uniform(rng, 0, 30);
  for (int8_t& v : values) {
    if (Chance(rng, edge_percent)) {
      v = static_cast<int8_t>(Chance(rng, 50) ? -128 : 127);
    } else {
      v = static_cast<int8_t>(Uniform(rng, -128, 127));
    }
  }
  return values;
}

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

struct Quantized {
  int32_t multiplier;
  int32_t shift;
};

// real = multiplier * 2^(shift - 31), multiplier in [2^30, 2^31), as TensorFlow Lite.
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

struct Requant {
  std::vector<int32_t> multipliers;
  std::vector<int32_t> shifts;

  Requantization View() const {
    return {multipliers.data(), shifts.data(), static_cast<int32_t>(multipliers.size())};
  }
};

// Multipliers sized so an accumulator of `depth` products mostly lands in int8; one channel in
// eight saturates, one in sixteen has a power-of-two scale (exact ties in the rounding shift),
// and now and then a scale above one (a left shift).
inline Requant RandomRequant(Rng& rng, int32_t channels, int32_t depth) {
  Requant r;
  const double typical = 128.0 * 128.0 * std::sqrt(static_cast<double>(depth > 0 ? depth : 1));
  for (int32_t c = 0; c < channels; ++c) {
    Quantized q{};
    switch (Uniform(rng, 0, 15)) {
      case 0:
        q = {1 << 30, -Uniform(rng, 0, 12)};  // 2^-k: ties round away from zero
        break;
      case 1:
        q = Quantize(std::exp2(Uniform(rng, 0, 40) / 10.0));  // >= 1: shift > 0
        break;
      case 2:
      case 3:
        q = Quantize(6400.0 / typical * std::exp2(Uniform(rng, -20, 20) / 10.0));
        break;
      default:
        q = Quantize(100.0 / typical * std::exp2(Uniform(rng, -20, 20) / 10.0));
    }
    r.multipliers.push_back(q.multiplier);
    r.shifts.push_back(q.shift);
  }
  return r;
}

// Scales below one as TensorFlow Lite's converter makes them (multiplier >= 0, shift in
// [-30, -1]): the requantization of real models, and the condition of the x86_avx512vnni
// kernels' short form (Requantizer::ScaleBounded). One channel in four takes an edge
// multiplier (0, 1, 2^30 with its exact ties, INT32_MAX) or an edge shift (-1, -30).
inline Requant RandomRequantBelowOne(Rng& rng, int32_t channels, int32_t depth) {
  Requant r;
  const double typical = 128.0 * 128.0 * std::sqrt(static_cast<double>(depth > 0 ? depth : 1));
  for (int32_t c = 0; c < channels; ++c) {
    Quantized q = Quantize(100.0 / typical * std::exp2(Uniform(rng, -40, 20) / 10.0));
    if (q.shift > -1) q.shift = -1;
    if (q.shift < -30) q.shift = -30;
    switch (Uniform(rng, 0, 15)) {
      case 0:
        q.multiplier = Chance(rng, 50) ? 0 : 1;
        break;
      case 1:
        q.multiplier = 1 << 30;
        break;
      case 2:
        q.multiplier = INT32_MAX;
        break;
      case 3:
        q.shift = Chance(rng, 50) ? -1 : -30;
        break;
      default:
        break;
    }
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

inline std::vector<int32_t> RandomBias(Rng& rng, int32_t channels) {
  std::vector<int32_t> bias(channels);
  for (int32_t& b : bias) b = Uniform(rng, -40000, 40000);
  return bias;
}

// Multipliers at the edges of TensorFlow Lite's fixed point: zero, one, one half, just below
// one, INT32_MIN (the saturating case) and a negative one.
inline constexpr int32_t kEdgeMultipliers[] = {0,         1,         1 << 30,
                                               INT32_MAX, INT32_MIN, -(1 << 30) - 12345};

// An elementwise case over equal flat shapes of `count` elements: input1 runs through every
// int8 value in turn, input2 is random.
inline void MakeEveryValueOperands(Rng& rng, int32_t count, BroadcastShapes* shapes,
                                   std::vector<int8_t>* input1, std::vector<int8_t>* input2) {
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    shapes->input1[d] = shapes->input2[d] = shapes->output[d] =
        d == kMaxBroadcastRank - 1 ? count : 1;
  }
  input1->resize(static_cast<size_t>(count));
  for (int32_t k = 0; k < count; ++k) (*input1)[static_cast<size_t>(k)] = static_cast<int8_t>(k);
  *input2 = RandomBytes(rng, static_cast<size_t>(count));
}

struct GuardedResult {
  Status status;
  bool guards_intact = false;
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
  return result;
}

// Runs ref and the variant, each on exactly its declared scratch under two fill patterns, and
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
        return;
      }
    }
  }
}

inline std::string Describe(const char* name,
                            std::initializer_list<std::pair<const char*, int64_t>> fields) {
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

// The ISAs under test, with a skip when this CPU cannot run one.
inline constexpr Isa kX86Isas[] = {Isa::kX86Avx2, Isa::kX86Avx512Vnni};

#define ARENASTORE_SKIP_UNLESS_CPU_RUNS(isa)                                         \
  do {                                                                               \
    if (!::arenastore::kernels::CpuSupportsIsa(isa)) {                               \
      GTEST_SKIP() << "this CPU cannot run " << ::arenastore::kernels::IsaName(isa); \
    }                                                                                \
  } while (0)

inline int32_t OutputSize(int32_t in, int32_t pad_before, int32_t pad_after, int32_t filter,
                          int32_t dilation, int32_t stride) {
  const int32_t span = (filter - 1) * dilation + 1;
  const int32_t room = in + pad_before + pad_after - span;
  return room < 0 ? 0 : room / stride + 1;
}

}  // namespace arenastore::kernels::x86_testing
